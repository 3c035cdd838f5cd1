import type { PageSeed } from '~/lib/page-content'

export const termsPage: PageSeed = {
  path: '/terms',
  name: 'Terms of Service',
  template: 'page',
  content: {
    title: 'Terms of Service',
    description: 'Terms of Service',
    blocks: [{ id: 'terms-header', type: 'page-header', data: { title: 'Terms of Service' } }],
  },
}
