import { bookingLabel } from '~/content/booking'
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
      {
        id: 'faq-closing',
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'Ask us about your own business',
          text: 'Cost, timing, what your team would need to learn: in one free call we answer it for your business, not in general, with no obligation.',
          tone: 'muted',
          style: 'feature',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
