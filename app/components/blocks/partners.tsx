import type { BlockViewProps } from './types'

export function PartnersBlock(_props: BlockViewProps<'partners'>) {
  return null
}
