import { Check, ShieldCheck } from 'lucide-react'
import { BookingButton } from '~/components/site/booking-button'
import { Section } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import type { BlockData } from '~/lib/blocks/catalog'
import { cardFlowClasses } from '~/lib/card-flow'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

type Package = BlockData<'pricing'>['packages'][number]

/**
 * What the work costs: a card for each package with its starting price in navy (gold is kept for
 * measured results, and a price is not one), then the promise that makes a first step safe, beside
 * the booking button. The cards stay
 * white on every background, so their words keep one set of colours.
 */
export function PricingBlock({ data }: BlockViewProps<'pricing'>) {
  const heading = data.title ? 'h3' : 'h2'
  return (
    <Section
      id={data.anchor || undefined}
      eyebrow={data.eyebrow || undefined}
      title={data.title || undefined}
      intro={data.intro || undefined}
      tone={data.tone}
    >
      <ul className={cn('flow-gap-6 gap-y-6', cardFlowClasses(data.packages.length, { md: [2, 3, 1], lg: [3, 4, 2, 1] }))}>
        {data.packages.map((item, index) => (
          <li key={index}>
            <PackageCard item={item} lead={data.priceLead} heading={heading} />
          </li>
        ))}
      </ul>
      {(data.promiseTitle || data.promise || data.buttonLabel) && (
        <Card className="mt-8 flex flex-col gap-6 p-6 sm:p-8 lg:flex-row lg:items-center" data-testid="pricing-promise">
          <div className="flex flex-1 flex-col gap-4 sm:flex-row">
            <ShieldCheck className="size-10 shrink-0 text-primary" aria-hidden />
            <div>
              {data.promiseTitle && <p className="font-display text-xl font-semibold">{data.promiseTitle}</p>}
              {data.promise && <p className="mt-1 text-muted-foreground">{data.promise}</p>}
            </div>
          </div>
          {data.buttonLabel && (
            <BookingButton place="strategy" size="lg" className="self-start sm:ml-14 lg:ml-0 lg:self-center">
              {data.buttonLabel}
            </BookingButton>
          )}
        </Card>
      )}
    </Section>
  )
}

function PackageCard({ item, lead, heading: Heading }: { item: Package; lead: string; heading: 'h2' | 'h3' }) {
  return (
    <Card className="flex h-full flex-col p-6" data-testid="pricing-package">
      <Heading className="font-display text-xl font-semibold">{item.name}</Heading>
      {/* The price straight under the name, so the figures line up across the row whatever the summaries' lengths. */}
      <p className="mt-3">
        {lead && <span className="block text-sm font-medium text-muted-foreground">{lead}</span>}
        <span className="font-display text-4xl font-semibold tracking-tight text-navy-900 tabular-nums" data-testid="pricing-price">
          {item.price}
        </span>
        {item.priceNote && <span className="block text-sm text-muted-foreground">{item.priceNote}</span>}
      </p>
      {item.summary && <p className="mt-3 text-sm text-muted-foreground">{item.summary}</p>}
      {item.includes.length > 0 && (
        <ul className="mt-5 grid gap-2 border-t pt-5 text-sm">
          {item.includes.map((point, index) => (
            <li key={index} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              {point.text}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
