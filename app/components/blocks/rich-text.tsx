import type { BlockViewProps } from './types'

export function RichTextBlock(_props: BlockViewProps<'rich-text'>) {
  return null
}
