// Words around the blog's posts: the list's header and the invitation at the end of each post.
export const blogIntro: { eyebrow: string; title: string; text: string; description: string } = {
  eyebrow: 'Resources',
  title: 'Blog',
  text: 'Short, practical articles on answering every call, following up with every lead and spending less time on paperwork.',
  description:
    'Practical articles for small-business owners on AI receptionists, automations, lead follow-up and modern IT, written in plain language.',
}

export const postClosing: { title: string; text: string; cta: string; href: string } = {
  title: 'Wondering how this would work in your business?',
  text: 'Tell us a little about how you work today. We will reply within one business day with honest next steps, even if that means AI is not the right fit yet.',
  cta: 'Get in Touch',
  href: '/contact',
}
