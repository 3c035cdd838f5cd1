import { ArrowRight } from 'lucide-react'
import { Section } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import { cardFlowClasses } from '~/lib/card-flow'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

type Industry = BlockViewProps<'industry-cards'>['extra']['industries'][number]

/** The words of a comma-separated field, trimmed, empty ones dropped. */
const commaList = (value: string) =>
  value
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean)

/** The industries the block names, in its order (one renamed or deleted since is left out), or all of them. */
function chosen(industries: Industry[], slugs: string): Industry[] {
  const wanted = commaList(slugs)
  if (wanted.length === 0) return industries
  return wanted.flatMap((slug) => industries.find((industry) => industry.slug === slug) ?? [])
}

/** A card for each industry of the collection, leading to its page, and the trades served without one. */
export function IndustryCardsBlock({ data, extra }: BlockViewProps<'industry-cards'>) {
  const Heading = data.title ? 'h3' : 'h2'
  const industries = chosen(extra.industries, data.industries)
  const others = commaList(data.others)
  const compact = data.style === 'compact'
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <ul
        className={cn(
          compact ? 'flow-gap-4 gap-y-4' : 'flow-gap-6 gap-y-6',
          cardFlowClasses(industries.length, compact ? { sm: [2, 1], lg: [4, 3, 2, 1] } : { sm: [2, 1], lg: [3, 2, 4, 1] }),
        )}
      >
        {industries.map((industry, index) => (
          <li key={industry.id}>
            <Card className="relative flex h-full flex-col overflow-hidden" data-testid="industry-card">
              {/* The first picture is in a phone's first screen, so it loads at once. */}
              {!compact && industry.picture.src && (
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
              <div className={cn('flex flex-1 flex-col', compact ? 'p-5' : 'p-6')}>
                <Heading className={cn('font-display font-semibold', compact ? 'text-lg' : 'text-xl')}>{industry.name}</Heading>
                <p className={cn('mt-2 flex-1 text-muted-foreground', compact && 'text-sm')}>{industry.summary}</p>
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
      {others.length > 0 && (
        <div className="mt-8 flex flex-wrap items-center justify-center gap-2" data-testid="industries-also-served">
          <p className="w-full text-center text-muted-foreground sm:mr-1 sm:w-auto">We also work with</p>
          <ul className="contents">
            {others.map((name) => (
              <li key={name} className="rounded-full border bg-card px-3 py-1 text-sm font-medium">
                {name}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  )
}
