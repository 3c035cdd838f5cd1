import { postHref } from '~/lib/blog-links'
import { formatLongDate, formatRelativeDate } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import type { ImageInfos } from '~/lib/images'
import type { PostSummary } from '~/server/repositories/posts.server'
import { Avatar } from '../ui/avatar'
import { Card } from '../ui/card'
import { PostCover } from './post-cover'
import { TagList } from './tag-list'

/**
 * A post in the blog list. The title's link stretches over the whole card; tags stay links of their
 * own. The first card's cover is in a phone's first screen, so it loads at once.
 */
export function PostCard({ post, images, today, first }: { post: PostSummary; images: ImageInfos; today: string; first: boolean }) {
  const timeZone = useTimeZone()
  return (
    <Card
      data-testid="post-card"
      className="group relative flex flex-col overflow-hidden transition-shadow hover:shadow-[0_12px_32px_rgb(15_27_61/0.14)]"
    >
      <PostCover
        src={post.featuredImage}
        image={images[post.featuredImage ?? '']}
        eager={first}
        className="transition-transform duration-300 group-hover:scale-[1.02]"
      />
      <article className="flex flex-1 flex-col p-6">
        <p className="text-sm text-muted-foreground">
          <time dateTime={post.publishedAt} title={formatLongDate(post.publishedAt, timeZone)}>
            {formatRelativeDate(post.publishedAt, today, timeZone)}
          </time>
        </p>
        <h2 className="mt-2 font-display text-xl leading-snug font-semibold text-balance">
          <a
            href={postHref(post.slug)}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-3 focus-visible:after:ring-ring/60"
          >
            {post.title}
          </a>
        </h2>
        <p className="mt-2 line-clamp-3 text-muted-foreground">{post.excerpt}</p>
        {post.tags.length > 0 && <TagList tags={post.tags} className="relative z-10 mt-4" />}
        <p className="mt-auto flex items-center gap-3 pt-6 text-sm font-medium">
          <Avatar
            name={post.author.name}
            src={post.author.avatarUrl}
            image={images[post.author.avatarUrl ?? '']}
            size={36}
            fallback={post.author.name.charAt(0).toUpperCase()}
            decorative
            className="size-9 text-sm"
          />
          {post.author.name}
        </p>
      </article>
    </Card>
  )
}

/** The shape of a post card while the list loads. */
export function PostCardSkeleton() {
  return (
    <div data-testid="post-card-skeleton" aria-hidden className="overflow-hidden rounded-2xl border bg-card">
      <div className="aspect-[1200/630] animate-pulse bg-muted" />
      <div className="space-y-3 p-6">
        <div className="h-4 w-24 animate-pulse rounded bg-muted" />
        <div className="h-6 w-4/5 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <div className="flex items-center gap-3 pt-4">
          <div className="size-9 animate-pulse rounded-full bg-muted" />
          <div className="h-4 w-28 animate-pulse rounded bg-muted" />
        </div>
      </div>
    </div>
  )
}
