import type { Service } from '~/content/types'
import { cn } from '~/lib/utils'
import { Card } from '../ui/card'
import { accentClasses } from './accent'
import { Icon } from './icon'

export function FeatureCard({ feature, headingLevel = 'h3', className }: { feature: Service; headingLevel?: 'h2' | 'h3'; className?: string }) {
  const Heading = headingLevel
  return (
    <Card className={cn('h-full p-6', className)}>
      {feature.icon && (
        <span className={cn('inline-flex size-12 items-center justify-center rounded-xl', accentClasses[feature.color])}>
          <Icon name={feature.icon} className="size-6" />
        </span>
      )}
      <Heading className="mt-4 text-lg font-semibold">{feature.title}</Heading>
      <p className="mt-2 text-muted-foreground">{feature.description}</p>
    </Card>
  )
}

/** The same without a card around it: for lists set beside their heading. */
export function FeatureItem({ feature }: { feature: Service }) {
  return (
    <>
      {feature.icon && (
        <span className={cn('inline-flex size-11 items-center justify-center rounded-xl', accentClasses[feature.color])}>
          <Icon name={feature.icon} className="size-5" />
        </span>
      )}
      <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
      <p className="mt-2 text-muted-foreground">{feature.description}</p>
    </>
  )
}
