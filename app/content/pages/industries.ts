import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

const intro =
  'Every trade has its own busy season, its own paperwork and its own kind of phone call. Pick your industry to see the everyday problems we solve and what we typically set up.'

export const industriesPage: PageSeed = {
  path: '/industries',
  name: 'Industries',
  template: 'page',
  content: {
    title: 'Industries We Help',
    description: intro,
    blocks: [
      {
        id: 'industries-header',
        type: 'page-header',
        data: {
          eyebrow: 'Industries We Help',
          title: 'Built for the businesses that keep your town running',
          text: intro,
          visual: 'trade',
        },
      },
      {
        id: 'industries-cards',
        type: 'industry-cards',
        data: { tone: 'muted', linkLabel: 'How we help' },
      },
      {
        id: 'industries-closing',
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'Your trade not on the list?',
          text: 'Most of what we set up works the same in any trade: calls answered, leads followed up, paperwork cut. One free call shows what it would look like in yours.',
          tone: 'white',
          style: 'feature',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
