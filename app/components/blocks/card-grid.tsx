import type { BlockViewProps } from './types'

export function CardGridBlock(_props: BlockViewProps<'card-grid'>) {
  return null
}
