import { MapPin } from 'lucide-react'
import { Section } from '~/components/site/section'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

/** Where the teams are, as a list of cities under hairlines: each with its street address, or else the area it serves. */
export function LocationsBlock({ data, extra }: BlockViewProps<'locations'>) {
  const dark = data.tone === 'dark'
  return (
    <Section
      id={data.anchor || undefined}
      eyebrow={data.eyebrow || undefined}
      title={data.title || undefined}
      intro={data.intro || undefined}
      tone={data.tone}
    >
      <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-4">
        {extra.items.map((location) => (
          <li
            key={`${location.city}, ${location.state}`}
            className={cn('flex items-start gap-3 border-t pt-5', dark && 'border-white/20')}
            data-testid="location"
          >
            <MapPin className={cn('mt-0.5 size-5 shrink-0', dark ? 'text-accent-bright' : 'text-primary')} aria-hidden />
            <div>
              <p className="font-display text-xl font-semibold">
                {location.city}, {location.state}
              </p>
              {(location.details || location.area) && (
                <p className={cn('mt-1 text-sm whitespace-pre-line', dark ? 'text-slate-300' : 'text-muted-foreground')}>
                  {location.details || location.area}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}
