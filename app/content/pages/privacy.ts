import type { PageSeed } from '~/lib/page-content'

export const privacyPage: PageSeed = {
  path: '/privacy',
  name: 'Privacy Policy',
  template: 'page',
  content: {
    title: 'Privacy Policy',
    description: 'Privacy Policy',
    blocks: [{ id: 'privacy-header', type: 'page-header', data: { title: 'Privacy Policy' } }],
  },
}
