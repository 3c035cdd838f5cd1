import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

const intro =
  'Practical reading for busy owners: plain-language articles, a step-by-step guide to getting started with AI, and answers to the questions we hear most.'

export const resourcesPage: PageSeed = {
  path: '/resources',
  name: 'Resources',
  template: 'page',
  content: {
    title: 'Resources',
    description: intro,
    blocks: [
      { id: 'resources-header', type: 'page-header', data: { eyebrow: 'Resources', title: 'Resources', text: intro } },
      {
        id: 'resources-cards',
        type: 'card-grid',
        data: {
          tone: 'muted',
          style: 'link-cards',
          columns: '3',
          items: [
            {
              title: 'Blog',
              description:
                'Short articles on answering more calls, following up with leads and cutting paperwork, with real examples from small businesses.',
              link: '/resources/blog',
              icon: 'lightbulb',
              linkLabel: 'Read the Blog',
            },
            {
              title: 'AI Playbook',
              description:
                'A free step-by-step guide to finding where AI can save your business time, with a simple ROI calculator and case studies.',
              link: '/resources/ai-playbook',
              icon: 'graduation',
              linkLabel: 'Get the Playbook',
            },
            {
              title: 'FAQ',
              description:
                'Straight answers about what we offer, what it costs, how long it takes and whether you need any technical background.',
              link: '/resources/faq',
              icon: 'message',
              linkLabel: 'Read the FAQ',
            },
          ],
        },
      },
      {
        id: 'resources-closing',
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'Short on time to read?',
          text: 'Tell us what slows your week down. In one free call we point to the change worth making first, and what it would take.',
          tone: 'white',
          style: 'feature',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
