import { ArrowRight, Search } from 'lucide-react'
import { isRouteErrorResponse } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { notFound } from '~/content/not-found'
import { BLOG_PATH } from '~/lib/blog-links'
import { BlogStatus, TryAgainButton } from './blog-status'
import { NotFoundMessage } from './not-found-message'

/**
 * The page for an address that leads nowhere: the spec's '404' and 'Oops! Page not found', then
 * ways on (a search of the blog, the main sections) inside the site's own header and footer.
 */
export function NotFound() {
  return (
    <NotFoundMessage text={notFound.text}>
      <form method="get" action={BLOG_PATH} role="search" className="mx-auto mt-8 flex max-w-md gap-2">
        <div className="relative flex-1">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            name="q"
            aria-label="Search the blog"
            placeholder="Search the blog..."
            maxLength={100}
            autoComplete="off"
            className="h-11 bg-white pl-9"
          />
        </div>
        <Button type="submit" variant="outline" className="h-11">
          Search
        </Button>
      </form>
      <nav aria-labelledby="not-found-sections" className="mt-12 text-left">
        <h2 id="not-found-sections" className="text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {notFound.sectionsTitle}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {notFound.sections.map((section) => (
            <li key={section.href}>
              <a
                href={section.href}
                className="group flex h-full items-center justify-between gap-3 rounded-xl border bg-white p-4 outline-none hover:border-primary focus-visible:ring-3 focus-visible:ring-ring/50"
              >
                <span>
                  <span className="block font-semibold">{section.title}</span>
                  <span className="block text-sm text-muted-foreground">{section.text}</span>
                </span>
                <ArrowRight
                  aria-hidden
                  className="size-4 shrink-0 text-primary transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
                />
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Button asChild className="mt-10">
        <a href="/">Return to Home</a>
      </Button>
    </NotFoundMessage>
  )
}

/** For a page that reads the database: 'not found' in the site's frame, or a way to try again. */
export function PageErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  // A request we refused (a form that could not be read) carries the reason to show.
  if (isRouteErrorResponse(error) && error.status < 500 && typeof error.data === 'string')
    return (
      <BlogStatus title="That request could not be accepted" text={error.data}>
        <a href="/" className="font-semibold text-primary underline underline-offset-4">
          Return to Home
        </a>
      </BlogStatus>
    )
  return (
    <BlogStatus title="This page could not be loaded." text="Please try again in a moment.">
      <TryAgainButton />
    </BlogStatus>
  )
}
