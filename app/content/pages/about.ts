import type { PageSeed } from '~/lib/page-content'

export const aboutPage: PageSeed = {
  path: '/about',
  name: 'About',
  template: 'page',
  content: {
    title: 'About',
    description: 'About',
    blocks: [{ id: 'about-header', type: 'page-header', data: { title: 'About' } }],
  },
}
