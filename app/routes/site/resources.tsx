import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { ArrowRight } from 'lucide-react'
import { Icon } from '~/components/site/icon'
import { PageHeader, Section } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import { resourceCards, resourcesIntro } from '~/content/resources'
import { seo } from '~/lib/seo'
import type { Route } from './+types/resources'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/resources'))

export default function Resources() {
  return (
    <>
      <PageHeader eyebrow="Resources" title={resourcesIntro.title} text={resourcesIntro.text} />
      <Section tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {resourceCards.map((card) => (
            <li key={card.href}>
              <Card className="relative flex h-full flex-col p-6" data-testid="resource-card">
                <Icon name={card.icon} className="size-8 text-primary" />
                <h2 className="mt-4 text-xl font-semibold">{card.title}</h2>
                <p className="mt-2 flex-1 text-muted-foreground">{card.description}</p>
                <a
                  href={card.href}
                  className="mt-5 inline-flex items-center gap-1 font-semibold text-primary outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
                >
                  {card.cta} <ArrowRight className="size-4" aria-hidden />
                </a>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
