import type { PageSeed } from '~/lib/page-content'

export const howWeHelpPage: PageSeed = {
  path: '/how-we-help',
  name: 'How We Help',
  template: 'page',
  content: {
    title: 'How We Help',
    description: 'How We Help',
    blocks: [{ id: 'how-we-help-header', type: 'page-header', data: { title: 'How We Help' } }],
  },
}
