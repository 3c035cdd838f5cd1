import type { BlockViewProps } from './types'

export function ContactDetailsBlock(_props: BlockViewProps<'contact-details'>) {
  return null
}
