import { Check } from 'lucide-react'
import { tileClasses } from '~/components/site/accent'
import { Icon } from '~/components/site/icon'
import { Section } from '~/components/site/section'
import type { BlockData } from '~/lib/blocks/catalog'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

type Data = BlockData<'split'>

const tones = { white: 'bg-white', muted: 'bg-navy-50', dark: 'bg-navy-950 text-white' }

/** Text on one side and points or a picture on the other: an offer with ticked points, or a plain list beside a picture. */
export function SplitBlock({ data }: BlockViewProps<'split'>) {
  return data.style === 'plain' ? <PlainList data={data} /> : <Offer data={data} />
}

/** The icon tile, title, text and a highlighted example on one side; what the owner gets, ticked, on the other. */
function Offer({ data }: { data: Data }) {
  const dark = data.tone === 'dark'
  const titleId = data.anchor ? `${data.anchor}-title` : undefined
  return (
    <section id={data.anchor || undefined} aria-labelledby={titleId} className={cn('scroll-mt-20 py-16 sm:py-20', tones[data.tone])}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div className={cn(data.reverse && 'lg:order-last')}>
          {data.icon !== 'none' && (
            <span className={cn('inline-flex size-12 items-center justify-center rounded-xl', tileClasses)}>
              <Icon name={data.icon} className="size-6" />
            </span>
          )}
          <h2 id={titleId} className={cn('font-display text-3xl font-semibold tracking-tight', data.icon !== 'none' && 'mt-4')}>
            {data.title}
          </h2>
          {data.text && <p className={cn('mt-4 text-lg', dark ? 'text-slate-300' : 'text-muted-foreground')}>{data.text}</p>}
          {data.note && (
            <p
              className={cn(
                'mt-6 rounded-xl border-l-4 p-4',
                dark ? 'border-accent-bright bg-white/5' : 'border-primary bg-white/60 text-foreground',
              )}
            >
              {data.note}
            </p>
          )}
        </div>
        {data.picture.src ? (
          <div className="grid content-start gap-6">
            <TickedPoints points={data.points} dark={dark} />
            <Picture picture={data.picture} />
          </div>
        ) : (
          <TickedPoints points={data.points} dark={dark} />
        )}
      </div>
    </section>
  )
}

/** The title above; a plain list (problems, not promises, so no ticks) beside the picture. */
function PlainList({ data }: { data: Data }) {
  const dark = data.tone === 'dark'
  return (
    <Section id={data.anchor || undefined} title={data.title} intro={data.text || undefined} tone={data.tone}>
      {data.note && (
        <p
          className={cn(
            'mx-auto mb-10 max-w-3xl rounded-xl border-l-4 p-4',
            dark ? 'border-accent-bright bg-white/5' : 'border-primary bg-white/60 text-foreground',
          )}
        >
          {data.note}
        </p>
      )}
      <div className="grid items-center gap-10 lg:grid-cols-2">
        {data.points.length > 0 && (
          <ul className={cn('grid gap-3', data.reverse && 'lg:order-last')}>
            {data.points.map((point, index) => (
              <li
                key={index}
                className={cn(
                  'rounded-xl border p-4',
                  dark ? 'border-white/15 bg-white/5' : data.tone === 'muted' ? 'bg-white' : 'bg-navy-50',
                )}
              >
                {point.text}
              </li>
            ))}
          </ul>
        )}
        {data.picture.src && <Picture picture={data.picture} />}
      </div>
    </Section>
  )
}

function TickedPoints({ points, dark }: { points: Data['points']; dark: boolean }) {
  if (points.length === 0) return null
  return (
    <ul className="grid content-start gap-3">
      {points.map((point, index) => (
        <li key={index} className={cn('flex gap-3 rounded-xl border p-4 shadow-xs', dark ? 'border-white/15 bg-white/5' : 'bg-white')}>
          <Check className={cn('mt-0.5 size-5 shrink-0', dark ? 'text-accent-bright' : 'text-success')} aria-hidden />
          <span>{point.text}</span>
        </li>
      ))}
    </ul>
  )
}

function Picture({ picture }: { picture: Data['picture'] }) {
  return <img src={picture.src} alt={picture.alt} width={800} height={500} className="w-full rounded-2xl" />
}
