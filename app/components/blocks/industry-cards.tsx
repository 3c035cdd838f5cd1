import type { BlockViewProps } from './types'

export function IndustryCardsBlock(_props: BlockViewProps<'industry-cards'>) {
  return null
}
