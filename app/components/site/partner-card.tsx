import type { Partner } from '~/content/types'
import { Badge } from '../ui/badge'
import { Card } from '../ui/card'

export function PartnerCard({ partner }: { partner: Partner }) {
  return (
    <Card className="flex h-full gap-4 p-5" data-testid="partner-card">
      <img src={partner.logo} alt={`${partner.name} logo`} width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded-xl" />
      <div>
        <h2 className="font-display text-lg font-semibold">{partner.name}</h2>
        <Badge className="mt-1">{partner.category}</Badge>
        <p className="mt-2 text-sm text-muted-foreground">{partner.description}</p>
      </div>
    </Card>
  )
}
