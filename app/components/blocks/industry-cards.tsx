import { ArrowRight } from 'lucide-react'
import { Section } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import { cardFlowClasses } from '~/lib/card-flow'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

/** A card for each industry of the collection, leading to its page. */
export function IndustryCardsBlock({ data, extra }: BlockViewProps<'industry-cards'>) {
  const Heading = data.title ? 'h3' : 'h2'
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <ul className={cn('flow-gap-6 gap-y-6', cardFlowClasses(extra.industries.length, { sm: [2, 1], lg: [3, 2, 4, 1] }))}>
        {extra.industries.map((industry, index) => (
          <li key={industry.id}>
            <Card className="relative flex h-full flex-col overflow-hidden" data-testid="industry-card">
              {/* The first picture is in a phone's first screen, so it loads at once. */}
              {industry.picture.src && (
                <img
                  src={industry.picture.src}
                  alt={industry.picture.alt}
                  width={800}
                  height={500}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  className="aspect-[16/10] w-full object-cover"
                />
              )}
              <div className="flex flex-1 flex-col p-6">
                <Heading className="text-xl font-semibold">{industry.name}</Heading>
                <p className="mt-2 flex-1 text-muted-foreground">{industry.summary}</p>
                <a
                  href={industry.path}
                  className="mt-4 inline-flex items-center gap-1 font-semibold text-primary outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
                >
                  {data.linkLabel ? `${data.linkLabel} ${industry.name}` : industry.name} <ArrowRight className="size-4" aria-hidden />
                </a>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  )
}
