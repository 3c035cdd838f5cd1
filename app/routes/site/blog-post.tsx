import { ArrowLeft, Eye } from 'lucide-react'
import { data, isRouteErrorResponse } from 'react-router'
import { CtaBandBlock } from '~/components/blocks/cta-band'
import { BlogStatus, TryAgainButton } from '~/components/site/blog-status'
import { COVER_SIZES, PostCover } from '~/components/site/post-cover'
import { TagList } from '~/components/site/tag-list'
import { Avatar } from '~/components/ui/avatar'
import { Button } from '~/components/ui/button'
import { postClosing } from '~/content/pages'
import { mayChangePost } from '~/lib/admin-access'
import { BLOG_PATH, postHref } from '~/lib/blog-links'
import { LongDate } from '~/components/ui/date-time'
import { readingTimeLabel } from '~/lib/reading-time'
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '~/lib/slugify'
import { absoluteUrl, blogFeedLink, breadcrumbJsonLd, DEFAULT_SHARE_IMAGE, organizationId, pageTitle, seo, shareImage } from '~/lib/seo'
import { getUser } from '~/server/services/auth.server'
import { postPageData } from '~/components/site/post-page.server'
import { getPostBySlug, getPostWorkflow } from '~/server/repositories/posts.server'
import type { LoadContext } from '~/server/services/load-context.server'
import type { Route } from './+types/blog-post'
import { shows } from '~/server/services/shown-content.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = params.slug
  // Only what slugify can produce names a post; anything else is answered without a query.
  const post = slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug) ? await getPostBySlug(context.db, slug) : undefined
  if (!post) throw data(null, { status: 404 })
  // Drafts and scheduled posts exist for visitors only once published. An admin previews one here
  // only if the editor would open it for them; to anyone else it does not exist.
  const preview = post.status !== 'published'
  if (preview && !(await mayPreview(request, context, post.id))) throw data(null, { status: 404 })
  // Its tags, and its author's name and portrait, are shown too.
  shows(context, `post:${post.id}`, 'post-pages', 'authors')
  return data(
    { ...(await postPageData(request, context, post)), preview },
    preview ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined,
  )
}

/** The editor's rule (mayChangePost): Editors and Owners see any post, an Author only their own until it is published. */
async function mayPreview(request: Request, context: LoadContext, postId: string): Promise<boolean> {
  const user = await getUser(request, context)
  const workflow = user && (await getPostWorkflow(context.db, postId))
  return Boolean(workflow && mayChangePost(user, workflow))
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) {
    const missing = isRouteErrorResponse(error) && error.status === 404
    return [{ title: pageTitle(matches, missing ? 'Blog post not found' : 'Blog') }, { name: 'robots', content: 'noindex' }]
  }
  const { post, preview } = loaderData
  const path = postHref(post.slug)
  const image = shareImage(post.featuredImage)
  return [
    ...seo(matches, {
      title: post.title,
      description: post.excerpt,
      path,
      image,
      type: 'article',
      noindex: preview,
      search: post.search,
      jsonLd: [
        {
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          url: absoluteUrl(matches, path),
          mainEntityOfPage: absoluteUrl(matches, path),
          image: absoluteUrl(matches, post.search.image ?? image ?? DEFAULT_SHARE_IMAGE),
          datePublished: post.publishedAt ?? undefined,
          dateModified: post.updatedAt,
          author: {
            '@type': 'Person',
            name: post.author.name,
            description: post.author.bio ?? undefined,
            image: post.author.avatarUrl ? absoluteUrl(matches, post.author.avatarUrl) : undefined,
            worksFor: { '@id': organizationId(matches) },
          },
          publisher: { '@id': organizationId(matches) },
          keywords: post.tags.length ? post.tags.join(', ') : undefined,
        },
        breadcrumbJsonLd(matches, [
          { name: 'Resources', path: '/resources' },
          { name: 'Blog', path: BLOG_PATH },
          { name: post.title, path },
        ]),
      ],
    }),
    ...(post.publishedAt ? [{ property: 'article:published_time', content: post.publishedAt }] : []),
    { property: 'article:modified_time', content: post.updatedAt },
    ...post.tags.map((tag) => ({ property: 'article:tag', content: tag })),
    blogFeedLink(matches),
  ]
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, images, preview, firstCall } = loaderData
  return (
    <article>
      {preview && (
        <p role="note" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-900">
          <Eye aria-hidden className="size-4" />
          Preview — not published
        </p>
      )}
      <header className="bg-navy-950 text-white">
        <div className="mx-auto max-w-3xl px-4 pt-10 pb-32 sm:px-6 sm:pt-12 lg:px-8">
          <a
            href={BLOG_PATH}
            className="inline-flex items-center gap-2 rounded text-sm font-semibold text-navy-200 outline-none hover:text-white focus-visible:ring-3 focus-visible:ring-ring/60"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Back to all posts
          </a>
          <h1 className="mt-6 font-display text-3xl font-semibold tracking-tight text-balance sm:text-5xl">{post.title}</h1>
          <p className="mt-6 flex flex-wrap items-center gap-x-2 text-slate-300">
            <span className="font-semibold text-white" data-testid="post-author">
              {post.author.name}
            </span>
            <span aria-hidden>·</span>
            {post.publishedAt ? <LongDate iso={post.publishedAt} data-testid="post-date" /> : <span>Not published yet</span>}
            {post.readingMinutes > 0 && (
              <>
                <span aria-hidden>·</span>
                <span data-testid="post-reading-time">{readingTimeLabel(post.readingMinutes)}</span>
              </>
            )}
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <PostCover
          src={post.featuredImage}
          image={images[post.featuredImage ?? '']}
          sizes={COVER_SIZES.page}
          eager
          className="-mt-24 rounded-2xl shadow-xl"
        />
        <div
          className="prose prose-lg mt-10 max-w-none prose-slate prose-headings:font-display prose-headings:font-semibold prose-headings:text-foreground prose-a:text-primary prose-img:rounded-xl prose-table:block prose-table:overflow-x-auto"
          data-testid="post-body"
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
        {post.tags.length > 0 && <TagList tags={post.tags} className="mt-10" />}
        {post.author.bio && (
          <section aria-labelledby="about-author" className="mt-12 flex gap-5 rounded-2xl border bg-navy-50 p-6" data-testid="about-author">
            <Avatar
              name={post.author.name}
              src={post.author.avatarUrl}
              image={images[post.author.avatarUrl ?? '']}
              size={64}
              decorative
              className="size-16 text-xl"
            />
            <div>
              <h2 id="about-author" className="text-sm font-semibold tracking-wide text-primary uppercase">
                About the author
              </h2>
              <p className="mt-1 text-lg font-semibold">{post.author.name}</p>
              <p className="mt-2 text-muted-foreground">{post.author.bio}</p>
            </div>
          </section>
        )}
      </div>
      <CtaBandBlock data={postClosing} extra={firstCall} />
    </article>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <BlogStatus title="Blog post not found." text="It may have been moved or taken down.">
        <Button asChild>
          <a href={BLOG_PATH}>Back to Blog</a>
        </Button>
      </BlogStatus>
    )
  }
  return (
    <BlogStatus title="There was an error loading this blog post." text="Please try again in a moment.">
      <TryAgainButton />
    </BlogStatus>
  )
}
