import type { BlockViewProps } from './types'

export function TeamBlock(_props: BlockViewProps<'team'>) {
  return null
}
