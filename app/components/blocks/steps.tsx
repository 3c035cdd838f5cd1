import { Section } from '~/components/site/section'
import { cardFlowClasses } from '~/lib/card-flow'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

const tones = { white: 'bg-white', muted: 'bg-navy-50', dark: 'bg-navy-950 text-white' }

/** Steps in order: numbered rows beside the title, or a timeline across the band. */
export function StepsBlock({ data }: BlockViewProps<'steps'>) {
  return data.style === 'timeline' ? <Timeline data={data} /> : <NumberedList data={data} />
}

function NumberedList({ data }: { data: BlockViewProps<'steps'>['data'] }) {
  const dark = data.tone === 'dark'
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone} split>
      <ol className={cn('divide-y border-y', dark && 'divide-white/15 border-white/15')}>
        {data.steps.map((step, index) => (
          <li key={index} className="grid gap-2 py-6 sm:grid-cols-[4rem_minmax(0,1fr)]">
            <span aria-hidden className={cn('font-display text-2xl font-semibold tabular-nums', dark ? 'text-navy-200' : 'text-primary')}>
              {String(index + 1).padStart(2, '0')}
            </span>
            <div>
              <h3 className="font-display text-lg font-semibold">{step.title}</h3>
              {step.text && <p className={cn('mt-1', dark ? 'text-slate-300' : 'text-muted-foreground')}>{step.text}</p>}
            </div>
          </li>
        ))}
      </ol>
    </Section>
  )
}

/** A full-bleed band with the steps side by side, each on a line with its number, from the first call to the last step. */
function Timeline({ data }: { data: BlockViewProps<'steps'>['data'] }) {
  const dark = data.tone === 'dark'
  const titleId = data.anchor && data.title ? `${data.anchor}-title` : undefined
  return (
    <section id={data.anchor || undefined} aria-labelledby={titleId} className={cn('scroll-mt-20 py-16 sm:py-20', tones[data.tone])}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {data.eyebrow && (
          <p className={cn('text-sm font-semibold tracking-wide uppercase', dark ? 'text-navy-200' : 'text-primary')}>{data.eyebrow}</p>
        )}
        {data.title && (
          <h2 id={titleId} className="mt-2 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            {data.title}
          </h2>
        )}
        <ol
          className={cn(
            'reveal flow-gap-10 gap-y-10 lg:flow-gap-8 lg:gap-y-8',
            cardFlowClasses(data.steps.length, { sm: [2, 1], lg: data.steps.length % 3 === 0 ? [3] : [4, 3, 2, 1] }),
            (data.eyebrow || data.title) && 'mt-12',
          )}
        >
          {data.steps.map((step, index) => (
            <li key={index} className={cn('relative border-t pt-6', dark && 'border-white/20')}>
              <span
                aria-hidden
                className={cn(
                  'absolute -top-3.5 left-0 inline-flex size-7 items-center justify-center rounded-full text-sm font-bold',
                  dark ? 'bg-white text-navy-950' : 'bg-primary text-primary-foreground',
                )}
              >
                {index + 1}
              </span>
              {step.when && <p className={cn('text-sm font-semibold', dark ? 'text-navy-200' : 'text-primary')}>{step.when}</p>}
              <h3 className="mt-1 font-display text-lg font-semibold">{step.title}</h3>
              {step.text && <p className={cn('mt-2', dark ? 'text-slate-300' : 'text-muted-foreground')}>{step.text}</p>}
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
