import type { PageSeed } from '~/lib/page-content'

export const resourcesPage: PageSeed = {
  path: '/resources',
  name: 'Resources',
  template: 'page',
  content: {
    title: 'Resources',
    description: 'Resources',
    blocks: [{ id: 'resources-header', type: 'page-header', data: { title: 'Resources' } }],
  },
}
