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
        data: { eyebrow: 'Industries We Help', title: 'Built for the Businesses That Keep Your Town Running', text: intro },
      },
      {
        id: 'industries-cards',
        type: 'industry-cards',
        data: { tone: 'muted', linkLabel: 'How we help' },
      },
    ],
  },
}
