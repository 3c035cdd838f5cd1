import type { BlockViewProps } from './types'

export function FaqBlock(_props: BlockViewProps<'faq'>) {
  return null
}
