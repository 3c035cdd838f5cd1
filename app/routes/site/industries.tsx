import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { ArrowRight } from 'lucide-react'
import { PageHeader, Section } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import { industries, industriesIntro } from '~/content/industries'
import { seo } from '~/lib/seo'
import type { Route } from './+types/industries'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/industries'))

export default function Industries() {
  return (
    <>
      <PageHeader eyebrow="Industries We Help" title={industriesIntro.title} text={industriesIntro.text} />
      <Section tone="muted">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {industries.map((industry, index) => (
            <li key={industry.slug}>
              <Card className="relative flex h-full flex-col overflow-hidden" data-testid="industry-card">
                {/* The first picture is in a phone's first screen, so it loads at once. */}
                <img
                  src={industry.image}
                  alt=""
                  width={800}
                  height={500}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  className="aspect-[16/10] w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-6">
                  <h2 className="text-xl font-semibold">{industry.name}</h2>
                  <p className="mt-2 flex-1 text-muted-foreground">{industry.summary}</p>
                  <a
                    href={`/industries/${industry.slug}`}
                    className="mt-4 inline-flex items-center gap-1 font-semibold text-primary outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
                  >
                    How we help {industry.name} <ArrowRight className="size-4" aria-hidden />
                  </a>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
