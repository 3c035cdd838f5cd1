import { MapPin } from 'lucide-react'
import { locations, locationsIntro } from '~/content/locations'
import { Card } from '../ui/card'
import { Section } from './section'

export function LocationsBlock({ tone = 'muted' }: { tone?: 'white' | 'muted' }) {
  return (
    <Section id="locations" title="Our Locations" intro={locationsIntro} tone={tone}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {locations.map((location) => (
          <li key={location.city}>
            <Card className="flex h-full items-start gap-3 p-5" data-testid="location">
              <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <p className="font-semibold">
                  {location.city}, {location.state}
                </p>
                <p className="text-sm text-muted-foreground">(Contact for office details)</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  )
}
