import type { PageSeed } from '~/lib/page-content'

export const faqPage: PageSeed = {
  path: '/resources/faq',
  name: 'FAQ',
  template: 'page',
  content: {
    title: 'FAQ',
    description: 'FAQ',
    blocks: [{ id: 'faq-header', type: 'page-header', data: { title: 'FAQ' } }],
  },
}
