import type { PageSeed } from '~/lib/page-content'

export const aiPlaybookPage: PageSeed = {
  path: '/resources/ai-playbook',
  name: 'AI Playbook',
  template: 'page',
  content: {
    title: 'AI Playbook',
    description: 'AI Playbook',
    blocks: [{ id: 'ai-playbook-header', type: 'page-header', data: { title: 'AI Playbook' } }],
  },
}
