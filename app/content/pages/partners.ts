import type { PageSeed } from '~/lib/page-content'

export const partnersPage: PageSeed = {
  path: '/partners',
  name: 'Partners',
  template: 'page',
  content: {
    title: 'Partners',
    description: 'Partners',
    blocks: [{ id: 'partners-header', type: 'page-header', data: { title: 'Partners' } }],
  },
}
