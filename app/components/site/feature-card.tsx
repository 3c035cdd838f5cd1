import type { Service } from '~/content/types'
import { cn } from '~/lib/utils'
import { Card } from '../ui/card'
import { tileClasses } from './accent'
import { Icon } from './icon'

/** A feature's icon tile, title and line: in a card, or bare where a list sits beside its heading. */
export function FeatureCard({
  feature,
  headingLevel = 'h3',
  className,
}: {
  feature: Service
  headingLevel?: 'h2' | 'h3'
  className?: string
}) {
  return (
    <Card className={cn('h-full p-6', className)}>
      <FeatureItem feature={feature} headingLevel={headingLevel} />
    </Card>
  )
}

export function FeatureItem({ feature, headingLevel: Heading = 'h3' }: { feature: Service; headingLevel?: 'h2' | 'h3' }) {
  return (
    <>
      {feature.icon && (
        <span className={cn('inline-flex size-12 items-center justify-center rounded-xl', tileClasses)}>
          <Icon name={feature.icon} className="size-6" />
        </span>
      )}
      <Heading className="mt-4 font-display text-lg font-semibold">{feature.title}</Heading>
      <p className="mt-2 text-muted-foreground">{feature.description}</p>
    </>
  )
}
