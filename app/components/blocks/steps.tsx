import type { BlockViewProps } from './types'

export function StepsBlock(_props: BlockViewProps<'steps'>) {
  return null
}
