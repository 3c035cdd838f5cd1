import { MapPin } from 'lucide-react'
import { locations, locationsIntro } from '~/content/locations'
import { cn } from '~/lib/utils'
import { Section } from './section'

/**
 * Where the teams are, as a list of cities under hairlines. Dark where it sits between card grids
 * (About); light where the dark footer follows it (Contact).
 */
export function LocationsBlock({ tone = 'dark' }: { tone?: 'dark' | 'white' }) {
  const dark = tone === 'dark'
  return (
    <Section id="locations" title="Our Locations" intro={locationsIntro} tone={tone}>
      <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-4">
        {locations.map((location) => (
          <li key={location.city} className={cn('flex items-start gap-3 border-t pt-5', dark && 'border-white/20')} data-testid="location">
            <MapPin className={cn('mt-0.5 size-5 shrink-0', dark ? 'text-accent-bright' : 'text-primary')} aria-hidden />
            <div>
              <p className="font-display text-xl font-semibold">
                {location.city}, {location.state}
              </p>
              <p className={cn('mt-1 text-sm', dark ? 'text-slate-300' : 'text-muted-foreground')}>(Contact for office details)</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}
