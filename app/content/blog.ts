// Words around the blog's posts: the list's header (the bands that close the list and each post are in pages.ts).
export const blogIntro: { eyebrow: string; title: string; text: string; description: string } = {
  eyebrow: 'Resources',
  title: 'Blog',
  text: 'Short, practical articles on answering every call, following up with every lead and spending less time on paperwork.',
  description:
    'Practical articles for small-business owners on AI receptionists, automations, lead follow-up and modern IT, written in plain language.',
}
