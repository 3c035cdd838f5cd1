import { PostCard } from '~/components/site/post-card'
import { Section, SectionButton } from '~/components/site/section'
import { BLOG_PATH } from '~/lib/blog-links'
import { cardFlowClasses } from '~/lib/card-flow'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

/** The newest published posts as the blog's cards; with none published yet the band is left out. */
export function LatestPostsBlock({ data, extra }: BlockViewProps<'latest-posts'>) {
  if (extra.posts.length === 0) return null
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <div className={cn('flow-gap-8 gap-y-8', cardFlowClasses(extra.posts.length, { md: [2, 1], lg: [3, 2, 4, 1] }))}>
        {extra.posts.map((post) => (
          <PostCard key={post.id} post={post} images={extra.images} today={extra.today} first={false} />
        ))}
      </div>
      {data.buttonLabel && <SectionButton href={BLOG_PATH}>{data.buttonLabel}</SectionButton>}
    </Section>
  )
}
