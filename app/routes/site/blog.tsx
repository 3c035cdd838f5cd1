import { data, isRouteErrorResponse, redirect } from 'react-router'
import { CtaBandBlock } from '~/components/blocks/cta-band'
import { BlogList } from '~/components/site/blog-list'
import { BlogStatus, TryAgainButton } from '~/components/site/blog-status'
import { PageHeader } from '~/components/site/section'
import { Button } from '~/components/ui/button'
import { blogIntro } from '~/content/blog'
import { blogClosing } from '~/content/pages'
import { BLOG_PATH, blogListHref, readBlogListQuery } from '~/lib/blog-links'
import { todayIn } from '~/lib/dates'
import type { PublicPageHandle } from '~/lib/public-page'
import { blogFeedLink, breadcrumbJsonLd, pageTitle, seo } from '~/lib/seo'
import { listPublishedPosts } from '~/server/repositories/posts.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import { firstCallFor } from '~/server/services/block-data.server'
import { describeImages } from '~/server/services/media.server'
import { MOVED_TAG_PAGE_CACHE, movedTagPage } from '~/server/services/tags.server'
import type { Route } from './+types/blog'
import { shows } from '~/server/services/shown-content.server'

// Its search follows the typing and its links open in place (BlogList's own script).
export const handle: PublicPageHandle = { script: 'blog-list' }

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readBlogListQuery(new URL(request.url).searchParams)
  shows(context, 'posts', 'authors')
  const result = await listPublishedPosts(context.db, query)
  // A renamed or merged tag's old page sends visitors on to the new one (app/server/services/tags.server.ts).
  const moved = result.total === 0 && query.tag ? await movedTagPage(context.db, query) : null
  if (moved) throw redirect(moved, { status: 301, headers: { 'Cache-Control': MOVED_TAG_PAGE_CACHE } })
  if (query.page > result.pageCount) throw data(null, { status: 404 })
  const images = await describeImages(
    context.db,
    result.posts.flatMap((post) => [post.featuredImage, post.author.avatarUrl]),
  )
  // The site's day, not the moment: the cards count whole days, and the page's ETag changes once a day.
  const [timeZone, firstCall] = await Promise.all([getTimeZone(context.db), firstCallFor(request, context)])
  return { ...result, images, query, today: todayIn(timeZone), firstCall }
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
  return (
    <>
      <PageHeader eyebrow={blogIntro.eyebrow} title={blogIntro.title} text={blogIntro.text} />
      <div className="bg-navy-50">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <BlogList {...loaderData} />
        </div>
      </div>
      <CtaBandBlock data={blogClosing} extra={loaderData.firstCall} />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <BlogStatus title="This page of the blog does not exist.">
        <Button asChild>
          <a href={BLOG_PATH}>Back to Blog</a>
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
