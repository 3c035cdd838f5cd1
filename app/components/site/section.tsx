import type * as React from 'react'
import { cn } from '~/lib/utils'
import { Button } from '~/components/ui/button'

const tones = {
  white: 'bg-white',
  muted: 'bg-navy-50',
  dark: 'bg-navy-950 text-white',
}

/**
 * A page band with an optional anchor, eyebrow, heading and intro. `split` sets the heading beside
 * the content on wide screens (stacked on phones) instead of centred above it, so neighbouring bands
 * need not share one shape. The content rises into place as it scrolls into view (app.css, .reveal).
 */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = 'white',
  split = false,
  className,
  children,
}: {
  id?: string
  eyebrow?: string
  title?: string
  intro?: React.ReactNode
  tone?: keyof typeof tones
  split?: boolean
  className?: string
  children?: React.ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={title && id ? `${id}-title` : undefined}
      className={cn('scroll-mt-20 py-16 sm:py-20', tones[tone], className)}
    >
      <div
        className={cn(
          'mx-auto max-w-7xl px-4 sm:px-6 lg:px-8',
          split && 'grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16',
        )}
      >
        {(eyebrow || title || intro) && (
          <div className={cn(split ? 'lg:sticky lg:top-28 lg:self-start' : 'mx-auto mb-10 max-w-3xl text-center sm:mb-12')}>
            {eyebrow && (
              <p className={cn('text-sm font-semibold tracking-wide uppercase', tone === 'dark' ? 'text-navy-200' : 'text-primary')}>
                {eyebrow}
              </p>
            )}
            {title && (
              <h2
                id={id ? `${id}-title` : undefined}
                className="mt-2 font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
              >
                {title}
              </h2>
            )}
            {intro && <p className={cn('mt-4 text-lg', tone === 'dark' ? 'text-slate-300' : 'text-muted-foreground')}>{intro}</p>}
          </div>
        )}
        <div className="reveal">{children}</div>
      </div>
    </section>
  )
}

/**
 * The top band of an inner page, holding its one h1: light and set to the left, so the home page's
 * dark hero and the dark bands further down stay the exceptions that mark something. `visual` is
 * what the kind of page shows beside its title (app/components/site/heroes/): beside it on wide
 * screens, beneath it on phones so the title stays the first thing seen.
 */
export function PageHeader({
  eyebrow,
  title,
  text,
  visual,
  children,
}: {
  eyebrow?: string
  title: string
  text?: string
  visual?: React.ReactNode
  children?: React.ReactNode
}) {
  return (
    <div className="border-b bg-gradient-to-b from-navy-50 to-white">
      <div
        className={cn(
          'mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-20 lg:px-8',
          visual && 'grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center lg:gap-16',
        )}
      >
        <div className="max-w-3xl">
          {eyebrow && (
            <p className="flex items-center gap-3 text-sm font-semibold tracking-wide text-primary uppercase">
              <span aria-hidden className="h-0.5 w-8 bg-accent-bright" />
              {eyebrow}
            </p>
          )}
          <h1 className="mt-3 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title}</h1>
          {text && <p className="mt-5 max-w-2xl text-lg text-muted-foreground">{text}</p>}
          {children}
        </div>
        {visual}
      </div>
    </div>
  )
}

/** The one link under a band's cards to the list they come from ("View All Case Studies"), centred. */
export function SectionButton({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <div className="mt-10 text-center">
      <Button asChild variant="outline" size="lg">
        <a href={href}>{children}</a>
      </Button>
    </div>
  )
}
