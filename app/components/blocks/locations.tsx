import type { BlockViewProps } from './types'

export function LocationsBlock(_props: BlockViewProps<'locations'>) {
  return null
}
