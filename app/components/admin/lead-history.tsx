import { ArrowRight, Inbox, RefreshCw, StickyNote } from 'lucide-react'
import { LeadStatusBadge } from '~/components/admin/lead-status-badge'
import { DateTime } from '~/components/ui/date-time'
import type { LeadHistoryEntry } from '~/server/repositories/lead-history.server'

/**
 * A lead's timeline, newest first: status changes and notes with who made them and when, ending
 * with the moment the lead arrived. An ordered list, so screen readers announce how many entries
 * there are and where each one stands.
 */
export function LeadHistory({ entries, receivedAt }: { entries: LeadHistoryEntry[]; receivedAt: string }) {
  return (
    <ol data-testid="lead-history" className="relative grid gap-4 border-l border-border pl-5">
      {entries.map((entry) => (
        <li key={entry.id} data-testid="history-entry" className="relative">
          <span
            className="absolute top-0.5 -left-[1.9rem] grid size-5 place-items-center rounded-full border bg-card text-muted-foreground"
            aria-hidden
          >
            {entry.type === 'note' ? <StickyNote className="size-3" /> : <RefreshCw className="size-3" />}
          </span>
          {entry.type === 'note' ? (
            <>
              <p className="text-sm font-semibold">Note</p>
              <p className="mt-1 rounded-lg bg-muted/60 px-3 py-2 text-sm whitespace-pre-wrap break-words">{entry.note}</p>
            </>
          ) : (
            <p className="flex flex-wrap items-center gap-1.5 text-sm">
              <span className="font-semibold">Status changed</span>
              <span className="sr-only">from</span>
              <LeadStatusBadge status={entry.from} />
              <ArrowRight className="size-3.5 text-muted-foreground" aria-hidden />
              <span className="sr-only">to</span>
              <LeadStatusBadge status={entry.to} />
            </p>
          )}
          <p className="mt-1 text-xs text-muted-foreground">
            <span className="[overflow-wrap:anywhere]">{entry.authorEmail}</span> · <DateTime iso={entry.createdAt} />
          </p>
        </li>
      ))}
      <li className="relative">
        <span
          className="absolute top-0.5 -left-[1.9rem] grid size-5 place-items-center rounded-full border bg-card text-muted-foreground"
          aria-hidden
        >
          <Inbox className="size-3" />
        </span>
        <p className="text-sm font-semibold">Received</p>
        <p className="mt-1 text-xs text-muted-foreground">
          <DateTime iso={receivedAt} />
        </p>
      </li>
    </ol>
  )
}
