import type { BlockViewProps } from './types'

export function ContactFormBlock(_props: BlockViewProps<'contact-form'>) {
  return null
}
