import type { BlockViewProps } from './types'

export function PlaybookFormBlock(_props: BlockViewProps<'playbook-form'>) {
  return null
}
