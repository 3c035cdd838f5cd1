import type * as React from 'react'
import { Badge } from '~/components/ui/badge'
import { leadStatusLabels, type LeadStatus } from '~/lib/leads'
import { cn } from '~/lib/utils'

/** One colour per stage, each dark on light enough for WCAG AA; Lost fades, Spam warns. */
const statusColours: Record<LeadStatus, string> = {
  new: 'bg-blue-50 text-blue-800',
  contacted: 'bg-violet-50 text-violet-800',
  qualified: 'bg-amber-50 text-amber-800',
  won: 'bg-emerald-50 text-emerald-800',
  lost: 'bg-muted text-muted-foreground',
  spam: 'bg-red-50 text-red-800',
}

/** Where a lead stands in the pipeline, as a badge. */
export function LeadStatusBadge({ status, className, ...props }: React.ComponentProps<'span'> & { status: LeadStatus }) {
  return (
    <Badge data-status={status} className={cn(statusColours[status], className)} {...props}>
      {leadStatusLabels[status]}
    </Badge>
  )
}
