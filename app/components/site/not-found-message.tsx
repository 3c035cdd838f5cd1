import type * as React from 'react'

/**
 * The heart of the not-found page: '404', 'Oops! Page not found' and a line of help, then the ways
 * on the caller gives. not-found-message.enhance.ts logs the address, as the spec asks. Kept apart
 * from the full page so the root error boundary can show it without the page's search form.
 */
export function NotFoundMessage({ text, children }: { text: string; children: React.ReactNode }) {
  return (
    <div data-not-found className="bg-navy-50 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="font-display text-7xl font-semibold text-primary">404</p>
        <h1 className="mt-4 font-display text-3xl font-semibold">Oops! Page not found</h1>
        <p className="mt-3 text-muted-foreground">{text}</p>
        {children}
      </div>
    </div>
  )
}
