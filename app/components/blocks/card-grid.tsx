import { ArrowRight, Check } from 'lucide-react'
import { FeatureCard, FeatureItem } from '~/components/site/feature-card'
import { Icon } from '~/components/site/icon'
import { Section } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import type { BlockData } from '~/lib/blocks/catalog'
import { cardFlowClasses, cardGridWideColumns } from '~/lib/card-flow'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

type Item = BlockData<'card-grid'>['items'][number]
type Heading = 'h2' | 'h3'

/**
 * The cards' columns on wide screens, stepping down on narrower ones, changed where that count would
 * leave one card alone on the last row (app/lib/card-flow.ts; the editor says when it does).
 */
function columnClasses(columns: BlockData<'card-grid'>['columns'], style: BlockData<'card-grid'>['style'], count: number) {
  return cardFlowClasses(count, { sm: [2, 1], md: [2, 3, 1], lg: cardGridWideColumns(columns, style) })
}

const feature = (item: Item) => ({
  title: item.title,
  description: item.description,
  color: item.color,
  icon: item.icon === 'none' ? undefined : item.icon,
})

/** Cards in a band, in one of five looks. A card's heading is an h3 under the band's title, an h2 when the band has none. */
export function CardGridBlock({ data }: BlockViewProps<'card-grid'>) {
  const heading: Heading = data.title ? 'h3' : 'h2'
  const columns = columnClasses(data.columns, data.style, data.items.length)
  return (
    <Section
      id={data.anchor || undefined}
      eyebrow={data.eyebrow || undefined}
      title={data.title || undefined}
      intro={data.intro || undefined}
      tone={data.tone}
      split={data.style === 'items'}
    >
      {data.style === 'cards' && (
        <div className={cn('flow-gap-6 gap-y-6', columns)}>
          {data.items.map((item, index) => (
            <FeatureCard key={index} feature={feature(item)} headingLevel={heading} />
          ))}
        </div>
      )}
      {data.style === 'items' && (
        // Beside the title the items are bare; on the dark band their lines take its lighter grey.
        <ul className={cn('flow-gap-10 gap-y-10', columns, data.tone === 'dark' && '[--muted-foreground:var(--color-slate-300)]')}>
          {data.items.map((item, index) => (
            <li key={index}>
              <FeatureItem feature={feature(item)} headingLevel={heading} />
            </li>
          ))}
        </ul>
      )}
      {data.style === 'icon-cards' && (
        <ul className={cn('flow-gap-4 gap-y-4', columns)}>
          {data.items.map((item, index) => (
            <li key={index}>
              <IconCard item={item} heading={heading} />
            </li>
          ))}
        </ul>
      )}
      {data.style === 'link-cards' && (
        <ul className={cn('flow-gap-6 gap-y-6', columns)}>
          {data.items.map((item, index) => (
            <li key={index}>
              <LinkCard item={item} heading={heading} />
            </li>
          ))}
        </ul>
      )}
      {data.style === 'check-cards' && (
        <ul className={cn('flow-gap-6 gap-y-6', columns)}>
          {data.items.map((item, index) => (
            <li key={index}>
              <CheckCard item={item} heading={heading} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

// The test ids are those of the bands these looks were first drawn for (How We Help's industries, Resources' cards).
function IconCard({ item, heading: Heading }: { item: Item; heading: Heading }) {
  return (
    <Card className="h-full p-5" data-testid="industry-served">
      {item.icon !== 'none' && <Icon name={item.icon} className="size-6 text-primary" />}
      <Heading className="mt-3 font-display font-semibold">{item.title}</Heading>
      {item.description && <p className="mt-1 text-sm text-muted-foreground">{item.description}</p>}
    </Card>
  )
}

/** The whole card is the link's target (its ::after covers the card), while the link's words stay its name. */
function LinkCard({ item, heading: Heading }: { item: Item; heading: Heading }) {
  return (
    <Card className="relative flex h-full flex-col p-6" data-testid="resource-card">
      {item.icon !== 'none' && <Icon name={item.icon} className="size-8 text-primary" />}
      <Heading className="mt-4 font-display text-xl font-semibold">{item.title}</Heading>
      <p className="mt-2 flex-1 text-muted-foreground">{item.description}</p>
      {item.link && (
        <a
          href={item.link}
          className="mt-5 inline-flex items-center gap-1 font-semibold text-primary outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          {item.linkLabel || item.title} <ArrowRight className="size-4" aria-hidden />
        </a>
      )}
    </Card>
  )
}

function CheckCard({ item, heading: Heading }: { item: Item; heading: Heading }) {
  return (
    <Card className="h-full p-6">
      <Check className="size-6 text-success" aria-hidden />
      <Heading className="mt-3 font-display text-lg font-semibold">{item.title}</Heading>
      {item.description && <p className="mt-2 text-muted-foreground">{item.description}</p>}
    </Card>
  )
}
