import type { BlockViewProps } from './types'

export function SplitBlock(_props: BlockViewProps<'split'>) {
  return null
}
