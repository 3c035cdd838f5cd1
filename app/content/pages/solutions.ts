import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

const intro =
  'We focus on four kinds of work that help small businesses the most. Each one starts with a problem you already feel, like missed calls, late quotes or an old server, and ends with something you can measure.'

export const solutionsPage: PageSeed = {
  path: '/solutions',
  name: 'Solutions',
  template: 'page',
  content: {
    title: 'Solutions',
    description: intro,
    blocks: [
      {
        id: 'solutions-header',
        type: 'page-header',
        data: { eyebrow: 'Solutions', title: 'Solutions That Fit How You Already Work', text: intro },
      },
      // The four kinds of work come from Collections → Services, each a band reached by its anchor.
      { id: 'solutions-services', type: 'services', data: { tone: 'white' } },
      {
        id: 'solutions-closing',
        type: 'cta-band',
        data: {
          anchor: 'solutions-closing',
          title: 'Not sure which one fits?',
          text: 'Most owners start with the job that costs them the most hours. Tell us about your week and we will point to it, in one free 30-minute call.',
          tone: 'white',
          style: 'plain',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
