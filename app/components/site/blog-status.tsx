import type * as React from 'react'
import { useLocation } from 'react-router'
import { Button } from '../ui/button'

/** A message in place of blog content (missing post, failed load), with a way forward. */
export function BlogStatus({ title, text, children }: { title: string; text?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center sm:py-32" data-testid="blog-status">
      <h1 className="font-display text-2xl font-semibold text-balance">{title}</h1>
      {text && <p className="mt-3 text-muted-foreground">{text}</p>}
      <div className="mt-8 flex justify-center">{children}</div>
    </div>
  )
}

/** Loads the page again from the server: a plain link, so it works before and without JavaScript. */
export function TryAgainButton() {
  const { pathname, search } = useLocation()
  return (
    <Button asChild>
      <a href={pathname + search}>Try Again</a>
    </Button>
  )
}
