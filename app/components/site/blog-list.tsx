import { X } from 'lucide-react'
import { cardFlowClasses } from '~/lib/card-flow'
import { cn } from '~/lib/utils'
import { blogListHref, type BlogListQuery } from '~/lib/blog-links'
import type { ImageInfos } from '~/lib/images'
import type { PostSummary } from '~/server/repositories/posts.server'
import { Button } from '../ui/button'
import { Pagination } from '../ui/pagination'
import { BlogSearch } from './blog-search'
import { PostCard, PostCardSkeleton } from './post-card'

const LOADING_PLACEHOLDERS = 4

/**
 * The blog's list: its search, what narrows it, a page of post cards and the pages. Without
 * JavaScript every step is a page load; blog-list.enhance.ts follows the typing and the links within
 * the blog in place, replacing the regions marked `data-blog-region` with the server's next page's.
 */
export function BlogList({
  posts,
  images,
  total,
  pageCount,
  query,
  today,
}: {
  posts: PostSummary[]
  images: ImageInfos
  total: number
  pageCount: number
  query: BlogListQuery
  today: string
}) {
  return (
    <>
      <BlogSearch search={query.search} tag={query.tag} />
      <FilterSummary query={query} total={total} />
      <div className="mt-8" data-blog-region="results">
        {posts.length > 0 ? (
          <div className={cn('flow-gap-8 gap-y-8', cardFlowClasses(posts.length, { md: [2, 1], lg: [2, 3, 1] }))}>
            {posts.map((post, index) => (
              <PostCard key={post.id} post={post} images={images} today={today} first={index === 0} />
            ))}
          </div>
        ) : (
          <div className="rounded-2xl border border-dashed bg-white px-6 py-16 text-center">
            <p className="text-lg font-medium">No blog posts found matching your search.</p>
            {query.search && (
              <Button asChild variant="outline" className="mt-6">
                <a href={blogListHref({ tag: query.tag })}>Clear Search</a>
              </Button>
            )}
          </div>
        )}
      </div>
      {/* What blog-list.enhance.ts shows while it fetches the next results. */}
      <template data-blog-loading>
        <PostListLoading />
      </template>
      <div data-blog-region="pagination">
        <Pagination page={query.page} pageCount={pageCount} items="posts" hrefFor={(page) => blogListHref({ ...query, page })} />
      </div>
    </>
  )
}

function PostListLoading() {
  return (
    <div className={cn('flow-gap-8 gap-y-8', cardFlowClasses(LOADING_PLACEHOLDERS, { md: [2, 1] }))} data-testid="post-skeletons">
      <p className="sr-only" role="status">
        Loading articles…
      </p>
      {Array.from({ length: LOADING_PLACEHOLDERS }, (_, i) => (
        <PostCardSkeleton key={i} />
      ))}
    </div>
  )
}

/** Says which search and tag narrow the list, announced to screen readers as it changes. */
function FilterSummary({ query, total }: { query: { search: string; tag: string }; total: number }) {
  const filtered = Boolean(query.search || query.tag)
  const count = `${total} ${total === 1 ? 'post' : 'posts'}`
  return (
    <div
      role="status"
      className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm empty:hidden"
      data-testid="filter-summary"
      data-blog-region="summary"
    >
      {filtered && (
        <p>
          {count}
          {query.tag && (
            <>
              {' '}
              tagged <strong>“{query.tag}”</strong>
            </>
          )}
          {query.search && (
            <>
              {' '}
              matching <strong>“{query.search}”</strong>
            </>
          )}
        </p>
      )}
      {query.tag && (
        <a
          href={blogListHref({ search: query.search })}
          className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
        >
          <X aria-hidden className="size-4" />
          Clear tag
        </a>
      )}
    </div>
  )
}
