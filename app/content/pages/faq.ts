import type { PageSeed } from '~/lib/page-content'

export const faqPage: PageSeed = {
  path: '/resources/faq',
  name: 'FAQ',
  template: 'page',
  content: {
    title: 'Frequently Asked Questions',
    description: 'Plain answers about our AI solutions, what they cost, how long they take and whether you need to be technical.',
    blocks: [
      {
        id: 'faq-header',
        type: 'page-header',
        data: {
          eyebrow: 'Resources',
          title: 'Frequently Asked Questions',
          text: 'Straight answers to what owners ask us most.',
        },
      },
      {
        id: 'faq-questions',
        type: 'faq',
        data: {
          tone: 'white',
          closing: 'Still wondering about something?',
          closingLinkLabel: 'Ask us directly',
          closingLink: '/contact',
        },
      },
    ],
  },
}
