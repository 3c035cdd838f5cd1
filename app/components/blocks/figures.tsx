import type { BlockViewProps } from './types'

export function FiguresBlock(_props: BlockViewProps<'figures'>) {
  return null
}
