import { Eye } from 'lucide-react'
import { data, isRouteErrorResponse, redirect } from 'react-router'
import { BlogStatus } from '~/components/site/blog-status'
import { NotFoundMessage } from '~/components/site/not-found-message'
import { PageErrorBoundary } from '~/components/site/not-found'
import { Button } from '~/components/ui/button'
import { BLOG_PATH, postHref } from '~/lib/blog-links'
import { pageTitle } from '~/lib/seo'
import { postPageData } from '~/components/site/post-page.server'
import { openPreview } from '~/server/services/post-preview-links.server'
import BlogPost, { meta as postMeta } from './blog-post'
import type { Route as PostRoute } from './+types/blog-post'
import type { Route } from './+types/blog-preview'

/*
 * A draft's or scheduled post's shareable preview link (app/server/services/post-preview-links.server.ts),
 * for someone without an account: the public post page, as visitors will see it, under a banner. No
 * copy of it is kept anywhere (private, no-store keeps it out of the page cache and the browser's),
 * search engines are told to leave it alone, and its address names only this site's origin to the
 * sites its links lead to. A link that fails says only that, never anything of the post.
 */

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'strict-origin' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const opened = await openPreview(context, params.token)
  if ('refusal' in opened) {
    throw data(opened.refusal, { status: opened.refusal === 'invalid' ? 404 : 410, headers: PRIVATE })
  }
  // Published meanwhile: the post's own address, which anyone may open and keep.
  if ('published' in opened) throw redirect(postHref(opened.published), { status: 302, headers: PRIVATE })
  const page: PostRoute.ComponentProps['loaderData'] = {
    ...(await postPageData(request, context, opened.post)),
    // The page's own banner is for an admin previewing at the post's address; this route shows its own.
    preview: false,
  }
  return data(page, { headers: PRIVATE })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders

// The post page's tags, kept from search engines as every preview is, or a title saying what went wrong.
export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [{ title: pageTitle(args.matches, 'Preview link') }, { name: 'robots', content: 'noindex' }]
  return postMeta({ ...args, loaderData: { ...args.loaderData, preview: true } } as unknown as PostRoute.MetaArgs)
}

export default function BlogPreview(props: Route.ComponentProps) {
  return (
    <>
      <p role="note" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-900">
        <Eye aria-hidden className="size-4 shrink-0" />
        Preview: this post is not published yet
      </p>
      {/* The public post page's component, on this route's data (the same shape as its own). */}
      <BlogPost {...(props as unknown as PostRoute.ComponentProps)} />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundMessage text="This preview link is not valid.">
        <Button asChild className="mt-8">
          <a href={BLOG_PATH}>Read the blog</a>
        </Button>
      </NotFoundMessage>
    )
  }
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <BlogStatus
        title={error.data === 'expired' ? 'This preview link has expired.' : 'This preview link no longer works.'}
        text="Ask the author for a new one."
      >
        <Button asChild>
          <a href={BLOG_PATH}>Read the blog</a>
        </Button>
      </BlogStatus>
    )
  }
  return <PageErrorBoundary error={error} />
}
