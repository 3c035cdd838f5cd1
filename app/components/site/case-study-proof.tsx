import type { CaseStudyHeadline as Headline } from '~/content/types'
import { cn } from '~/lib/utils'

/*
 * What every case study card shares: its headline result, and the one label of a link to the whole
 * study (the spec's words for the list's toggle, so a visitor meets one phrase wherever a card leads on).
 */

/**
 * The figure large, what it measures small beneath. A screen reader gets both as one phrase: the two
 * lines are block elements, which some readers would announce apart.
 */
export function CaseStudyHeadline({ headline, className }: { headline: Headline; className?: string }) {
  return (
    <p data-testid="case-study-headline" className={cn('border-l-4 border-accent-deep/80 pl-4', className)}>
      <span aria-hidden className="block font-display text-3xl leading-tight font-semibold tracking-tight text-accent-deep tabular-nums">
        {headline.figure}
      </span>
      <span aria-hidden className="mt-1 block text-sm text-muted-foreground">
        {headline.label}
      </span>
      <span className="sr-only">{`${headline.figure} ${headline.label}`}</span>
    </p>
  )
}

/** The words of a link to a study; the client's name, unseen, tells several such links apart. */
export function ReadCaseStudy({ client }: { client: string }) {
  return (
    <>
      Read full case study<span className="sr-only"> on {client}</span>
    </>
  )
}
