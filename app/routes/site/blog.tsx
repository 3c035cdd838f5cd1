import { X } from 'lucide-react'
import { data, isRouteErrorResponse, Link, useNavigation } from 'react-router'
import { BlogSearch } from '~/components/site/blog-search'
import { BlogStatus, TryAgainButton } from '~/components/site/blog-status'
import { Pagination } from '~/components/ui/pagination'
import { PostCard, PostCardSkeleton } from '~/components/site/post-card'
import { PageHeader } from '~/components/site/section'
import { Button } from '~/components/ui/button'
import { blogIntro } from '~/content/blog'
import { BLOG_PATH, blogListHref, readBlogListQuery } from '~/lib/blog-links'
import { todayIn } from '~/lib/dates'
import { useServedPlain, type RouteHandle } from '~/lib/served-plain'
import { blogFeedLink, breadcrumbJsonLd, pageTitle, seo } from '~/lib/seo'
import { listPublishedPosts } from '~/server/repositories/posts.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import { describeImages } from '~/server/services/media.server'
import type { Route } from './+types/blog'

const LOADING_PLACEHOLDERS = 4

export const handle: RouteHandle = { plain: true, script: 'blog-list' }

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readBlogListQuery(new URL(request.url).searchParams)
  const result = await listPublishedPosts(context.db, query)
  if (query.page > result.pageCount) throw data(null, { status: 404 })
  const images = await describeImages(context.db, result.posts.flatMap((post) => [post.featuredImage, post.author.avatarUrl]))
  // The site's day, not the moment: the cards count whole days, and the page's ETag changes once a day.
  return { ...result, images, query, today: todayIn(await getTimeZone(context.db)) }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: pageTitle(matches, blogIntro.title) }, { name: 'robots', content: 'noindex' }]
  const { search, tag, page } = loaderData.query
  return [
    ...seo(matches, {
      title: tag ? `Posts tagged “${tag}”` : blogIntro.title,
      description: blogIntro.description,
      path: blogListHref({ tag, page }),
      // Search results are endless variations of the list; the tag pages and plain pages are the ones to index.
      noindex: Boolean(search),
      jsonLd: breadcrumbJsonLd(matches, [
        { name: 'Resources', path: '/resources' },
        { name: 'Blog', path: BLOG_PATH },
      ]),
    }),
    blogFeedLink(matches),
  ]
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, images, total, pageCount, query, today } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === BLOG_PATH
  // Served plain, app/enhance/blog-list.ts shows these placeholders while it fetches the next results.
  const plain = useServedPlain()

  return (
    <>
      <PageHeader eyebrow={blogIntro.eyebrow} title={blogIntro.title} text={blogIntro.text} />
      <div className="bg-navy-50">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <BlogSearch search={query.search} tag={query.tag} />
          <FilterSummary query={query} total={total} />
          <div aria-busy={loading} className="mt-8" data-blog-region="results">
            {loading ? (
              <PostListLoading />
            ) : posts.length > 0 ? (
              <div className="grid gap-8 md:grid-cols-2 md:grid-balance-2">
                {posts.map((post, index) => (
                  <PostCard key={post.id} post={post} images={images} today={today} first={index === 0} />
                ))}
              </div>
            ) : (
              <div className="rounded-2xl border border-dashed bg-white px-6 py-16 text-center">
                <p className="text-lg font-medium">No blog posts found matching your search.</p>
                {query.search && (
                  <Button asChild variant="outline" className="mt-6">
                    <Link to={blogListHref({ tag: query.tag })} preventScrollReset>
                      Clear Search
                    </Link>
                  </Button>
                )}
              </div>
            )}
          </div>
          {plain && (
            <template data-blog-loading>
              <PostListLoading />
            </template>
          )}
          <div data-blog-region="pagination">
            {!loading && <Pagination page={query.page} pageCount={pageCount} items="posts" hrefFor={(page) => blogListHref({ ...query, page })} />}
          </div>
        </div>
      </div>
    </>
  )
}

function PostListLoading() {
  return (
    <div className="grid gap-8 md:grid-cols-2 md:grid-balance-2" data-testid="post-skeletons">
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
        <Link
          to={blogListHref({ search: query.search })}
          preventScrollReset
          className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
        >
          <X aria-hidden className="size-4" />
          Clear tag
        </Link>
      )}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <BlogStatus title="This page of the blog does not exist.">
        <Button asChild>
          <Link to={BLOG_PATH}>Back to Blog</Link>
        </Button>
      </BlogStatus>
    )
  }
  return (
    <BlogStatus title="There was an error loading blog posts." text="Please try again in a moment.">
      <TryAgainButton />
    </BlogStatus>
  )
}
