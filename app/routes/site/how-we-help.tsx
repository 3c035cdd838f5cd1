import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { FeatureCard } from '~/components/site/feature-card'
import { Icon } from '~/components/site/icon'
import { PageHeader, Section } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import { howWeHelpIntro, howWeHelpServices, industriesServed } from '~/content/how-we-help'
import { seo } from '~/lib/seo'
import type { Route } from './+types/how-we-help'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/how-we-help'))

export default function HowWeHelp() {
  return (
    <>
      <PageHeader title={howWeHelpIntro.title} text={howWeHelpIntro.text} />
      <Section id="services" title="What we do for you" tone="white">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {howWeHelpServices.map((service) => (
            <FeatureCard key={service.title} feature={service} />
          ))}
        </div>
      </Section>
      <Section id="industries-served" title="Industries we serve" tone="muted">
        <ul className="grid gap-4 sm:grid-cols-2 sm:grid-balance-2 lg:grid-cols-4 lg:grid-balance-4">
          {industriesServed.map((industry) => (
            <li key={industry.name}>
              <Card className="h-full p-5" data-testid="industry-served">
                <Icon name={industry.icon} className="size-6 text-primary" />
                <h3 className="mt-3 font-semibold">{industry.name}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{industry.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
