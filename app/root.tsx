import { useEffect } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { toast as showToast, Toaster } from 'sonner'
import { NotFoundMessage } from '~/components/site/not-found-message'
import { Button } from '~/components/ui/button'
import { useNonce } from '~/lib/nonce'
import { isPublicPage, type PublicPageHandle } from '~/lib/public-page'
import { useMediaQuery } from '~/lib/use-media-query'
import { takeToast, type Toast } from '~/server/http/toast.server'
import { siteSettingsFor } from '~/server/services/site-settings.server'
import type { Route } from './+types/root'
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import stylesheet from './app.css?url'
// Each bundled on its own as a classic script (a worker build), so a public page loads no module graph.
import enhanceUrl from './enhance/index.ts?worker&url'
import blogListUrl from './enhance/blog-list.ts?worker&url'
import leadFormUrl from './enhance/lead-form.ts?worker&url'
import fraunces from './fonts/fraunces-600-ascii.woff2?url'

export const links: Route.LinksFunction = () => [
  // The Latin face draws every first paint; fetching it alongside the CSS saves a round trip to the headline.
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // Every page's headline is set in it.
  { rel: 'preload', href: fraunces, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // With a precedence React places the stylesheet ahead of the script preloads it hoists into the head.
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/brand/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ toast, headers }, { timeZone }] = await Promise.all([takeToast(request, context), siteSettingsFor(request, context)])
  // The time zone every date is shown in, on the site and in the back office (see useTimeZone).
  return data({ siteName: context.config.siteName, siteUrl: context.config.siteUrl, timeZone, toast }, { headers })
}

// Every form submission may have left a toast in the flash cookie: read it even after a 4xx.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? true : defaultShouldRevalidate
}

const PAGE_SCRIPTS = { 'lead-form': leadFormUrl, 'blog-list': blogListUrl }

/**
 * The public site's pages (and their not-found and error pages) are server-rendered HTML without React:
 * they load the enhancement script, and the page's own script where its handle names one. The admin
 * is one React app.
 */
function usePublicPage() {
  const matches = useMatches()
  if (!isPublicPage(matches.map((match) => match.id))) return null
  // A route names its script in its handle; a page built from blocks, in its loader's data (a form block's).
  const script = matches
    .map((match) => (match.handle as PublicPageHandle | undefined)?.script ?? (match.loaderData as PublicPageHandle | undefined)?.script)
    .findLast(Boolean)
  return { script }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const publicPage = usePublicPage()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Before the enhancement script, which marks the page ready for tests once both have run. */}
        {publicPage?.script && <script defer src={PAGE_SCRIPTS[publicPage.script]} nonce={nonce} />}
        {publicPage && <script defer src={enhanceUrl} nonce={nonce} />}
      </head>
      <body className="min-h-dvh">
        {children}
        {!publicPage && <ScrollRestoration nonce={nonce} />}
        {!publicPage && <Scripts nonce={nonce} />}
      </body>
    </html>
  )
}

function useFlashToast(toast: Toast | null) {
  useEffect(() => {
    if (!toast) return
    const show = toast.type === 'error' ? showToast.error : showToast.success
    show(toast.title, { description: toast.description })
  }, [toast])
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Public pages have no React in the browser to show a toast with: their scripts show their own.
  if (usePublicPage()) return <Outlet />
  return <AdminApp toast={loaderData.toast} />
}

function AdminApp({ toast }: { toast: Toast | null }) {
  useFlashToast(toast)
  // On a phone a toast at the bottom would sit on a form's buttons (which end up there once scrolled to).
  const phone = useMediaQuery('(max-width: 599px)')
  return (
    <>
      <Outlet />
      <Toaster position={phone ? 'top-center' : 'bottom-right'} visibleToasts={3} duration={4000} richColors closeButton />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    // Only a 404 raised outside the site's frame reaches here; the site's own pages show theirs inside it.
    return (
      <main>
        <NotFoundMessage text="The page you are looking for has moved or never existed.">
          <Button asChild className="mt-8">
            <a href="/">Return to Home</a>
          </Button>
        </NotFoundMessage>
      </main>
    )
  }
  // A request we refused (say, a form that could not be read) carries the reason to show.
  const refusal = isRouteErrorResponse(error) && error.status < 500 && typeof error.data === 'string' ? error.data : null
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined
  return (
    <main className="grid min-h-dvh place-items-center px-6">
      <div className="max-w-xl text-center">
        <h1 className="text-2xl font-semibold">{refusal ? 'That request could not be accepted' : 'Unexpected Application Error!'}</h1>
        <p className="mt-2 text-muted-foreground">
          {refusal ?? 'Something went wrong on our side. Please reload the page, or come back in a few minutes.'}
        </p>
        {stack && <pre className="mt-6 overflow-auto rounded-lg bg-muted p-4 text-left text-xs">{stack}</pre>}
        <a href="/" className="mt-6 inline-block font-semibold text-primary underline underline-offset-4">
          Return to Home
        </a>
      </div>
    </main>
  )
}
