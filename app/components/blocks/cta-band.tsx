import type * as React from 'react'
import { BookingButton } from '~/components/site/booking-button'
import { FirstCall } from '~/components/site/first-call'
import { useSiteSettings } from '~/components/site/use-site-settings'
import { Button } from '~/components/ui/button'
import type { BlockData } from '~/lib/blocks/catalog'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

type Data = BlockData<'cta-band'>

const tones = { white: 'bg-white', muted: 'bg-navy-50', dark: 'bg-navy-950 text-white' }

/** A band that asks for one thing: a plain closing band, a navy panel, or a single link. */
export function CtaBandBlock({ data, extra }: BlockViewProps<'cta-band'>) {
  const titleId = data.anchor && data.title ? `${data.anchor}-title` : undefined
  const band = (className: string, children: React.ReactNode) => (
    <section
      id={data.anchor || undefined}
      aria-labelledby={titleId}
      className={cn('scroll-mt-20 py-16 sm:py-20', tones[data.tone], className)}
    >
      {children}
    </section>
  )
  const dark = data.tone === 'dark'

  if (data.style === 'link')
    return band(
      'pt-0 text-center',
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {data.title && (
          <h2 id={titleId} className="mb-4 font-display text-2xl font-semibold tracking-tight">
            {data.title}
          </h2>
        )}
        {data.text && <p className={cn('mb-4', dark ? 'text-slate-300' : 'text-muted-foreground')}>{data.text}</p>}
        <BandAction data={data} asText className={cn('font-semibold hover:underline', dark ? 'text-navy-200' : 'text-primary')} />
      </div>,
    )

  // A navy panel: the ask and its button, and beside them what the call is (when the band books one).
  if (data.style === 'feature')
    return band(
      '',
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div
          className={cn(
            'grid gap-10 rounded-3xl bg-navy-900 px-6 py-10 text-white shadow-xl sm:px-10 sm:py-12',
            extra && 'lg:grid-cols-[3fr_2fr] lg:items-center',
            dark && 'ring-1 ring-white/15',
          )}
        >
          <div className={cn(!extra && 'text-center')}>
            {data.title && (
              <h2 id={titleId} className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
                {data.title}
              </h2>
            )}
            {data.text && <p className={cn('mt-4 max-w-2xl text-lg text-slate-300', !extra && 'mx-auto')}>{data.text}</p>}
            <BandAction data={data} variant="outline" className="mt-8 border-white bg-white text-navy-950 hover:bg-navy-100" />
          </div>
          {extra && <FirstCall call={extra} dark className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10" />}
        </div>
      </div>,
    )

  return band(
    'border-t',
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6">
      {data.title && (
        <h2 id={titleId} className="font-display text-3xl font-semibold tracking-tight">
          {data.title}
        </h2>
      )}
      {data.text && <p className={cn('mt-4 text-lg', dark ? 'text-slate-300' : 'text-muted-foreground')}>{data.text}</p>}
      <BandAction data={data} className="mt-8" />
    </div>,
  )
}

/**
 * The band's one action, as a large button or, for the single-link style, as a line of text: the
 * booking calendar, the block's link, or an e-mail to the partnerships address from Settings.
 */
function BandAction({
  data,
  asText = false,
  variant,
  className,
}: {
  data: Data
  asText?: boolean
  variant?: 'outline'
  className: string
}) {
  const { partnersEmail } = useSiteSettings()
  if (data.buttonAction === 'booking') {
    const look = asText
      ? ({ variant: 'link', className: cn('h-auto p-0 text-base', className) } as const)
      : ({ size: 'lg', variant, className } as const)
    return (
      <BookingButton place="strategy" {...look}>
        {data.buttonLabel}
      </BookingButton>
    )
  }
  const href = data.buttonAction === 'partners-email' ? `mailto:${partnersEmail}` : data.buttonLink
  if (!href) return null
  if (asText)
    return (
      <a href={href} className={className}>
        {data.buttonLabel}
      </a>
    )
  return (
    <Button asChild size="lg" variant={variant} className={className}>
      <a href={href}>{data.buttonLabel}</a>
    </Button>
  )
}
