import type { PageSeed } from '~/lib/page-content'

export const solutionsPage: PageSeed = {
  path: '/solutions',
  name: 'Solutions',
  template: 'page',
  content: {
    title: 'Solutions',
    description: 'Solutions',
    blocks: [{ id: 'solutions-header', type: 'page-header', data: { title: 'Solutions' } }],
  },
}
