import type * as React from 'react'
import { cn } from '~/lib/utils'

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
    <section id={id} aria-labelledby={title && id ? `${id}-title` : undefined} className={cn('scroll-mt-20 py-16 sm:py-20', tones[tone], className)}>
      <div className={cn('mx-auto max-w-7xl px-4 sm:px-6 lg:px-8', split && 'grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16')}>
        {(eyebrow || title || intro) && (
          <div className={cn(split ? 'lg:sticky lg:top-28 lg:self-start' : 'mx-auto mb-10 max-w-3xl text-center sm:mb-12')}>
            {eyebrow && <p className={cn('text-sm font-semibold tracking-wide uppercase', tone === 'dark' ? 'text-indigo-200' : 'text-primary')}>{eyebrow}</p>}
            {title && (
              <h2 id={id ? `${id}-title` : undefined} className="mt-2 font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
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

/** The top band of an inner page, holding its one h1. */
export function PageHeader({ eyebrow, title, text, children }: { eyebrow?: string; title: string; text?: string; children?: React.ReactNode }) {
  return (
    <div className="relative overflow-hidden bg-navy-950 text-white">
      <div aria-hidden className="absolute inset-0 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgb(124_58_237/0.35),transparent),radial-gradient(40rem_24rem_at_10%_110%,rgb(37_99_235/0.35),transparent)]" />
      <div className="relative mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-indigo-200 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {text && <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">{text}</p>}
        {children}
      </div>
    </div>
  )
}
