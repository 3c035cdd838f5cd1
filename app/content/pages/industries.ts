import type { PageSeed } from '~/lib/page-content'

export const industriesPage: PageSeed = {
  path: '/industries',
  name: 'Industries',
  template: 'page',
  content: {
    title: 'Industries',
    description: 'Industries',
    blocks: [{ id: 'industries-header', type: 'page-header', data: { title: 'Industries' } }],
  },
}
