import type { BlockViewProps } from './types'

export function CtaBandBlock(_props: BlockViewProps<'cta-band'>) {
  return null
}
