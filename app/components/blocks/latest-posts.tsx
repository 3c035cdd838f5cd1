import type { BlockViewProps } from './types'

export function LatestPostsBlock(_props: BlockViewProps<'latest-posts'>) {
  return null
}
