import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

export const aiPlaybookPage: PageSeed = {
  path: '/resources/ai-playbook',
  name: 'AI Playbook',
  template: 'page',
  content: {
    title: 'Free AI Playbook',
    description:
      "A free, plain-language guide to finding the jobs in your business that AI can take over, and to knowing what that's worth before you spend a dollar.",
    blocks: [
      {
        id: 'ai-playbook-header',
        type: 'page-header',
        data: {
          eyebrow: 'Resources',
          title: 'The Small Business AI Playbook',
          text: "A free, plain-language guide to finding the jobs in your business that AI can take over, and to knowing what that's worth before you spend a dollar.",
        },
      },
      {
        id: 'ai-playbook-form',
        type: 'playbook-form',
        data: {
          tone: 'muted',
          benefitsTitle: "What's inside",
          benefits: [
            { text: 'A step-by-step guide to picking your first AI project and getting it running' },
            { text: 'An ROI calculator to estimate the hours and money a project could save you' },
            { text: 'Case studies of first projects at small businesses like yours' },
            { text: 'A free 30-minute AI readiness consultation to talk through your own numbers' },
          ],
          formTitle: 'Get your free copy',
          calculatorTitle: 'What could AI give back to you?',
          calculatorIntro:
            "Put in a few rough numbers from a normal week. We'll estimate what answering every call and handing off routine paperwork could be worth to you each month.",
        },
      },
      {
        id: 'ai-playbook-closing',
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'Rather not do the sums alone?',
          text: 'On a free call we work out what AI could save you together, with your own calls, jobs and hours, and say what we would set up first.',
          tone: 'white',
          style: 'feature',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
