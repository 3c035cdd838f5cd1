import type { PageSeed } from '~/lib/page-content'

export const contactPage: PageSeed = {
  path: '/contact',
  name: 'Contact',
  template: 'page',
  content: {
    title: 'Contact',
    description: 'Contact',
    blocks: [{ id: 'contact-header', type: 'page-header', data: { title: 'Contact' } }],
  },
}
