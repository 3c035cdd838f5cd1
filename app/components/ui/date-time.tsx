import { formatDateTime, formatLongDate } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'

/** A moment in the site's time zone, 'Dec 3, 2026, 9:00 AM CST', marked up with its instant. */
function DateTime({
  iso,
  seconds,
  ...props
}: { iso: string; seconds?: boolean } & Omit<React.ComponentProps<'time'>, 'dateTime' | 'children'>) {
  return (
    <time data-slot="date-time" dateTime={iso} {...props}>
      {formatDateTime(iso, useTimeZone(), { seconds })}
    </time>
  )
}

/** The day of a moment in the site's time zone, 'March 5, 2024'. */
function LongDate({ iso, ...props }: { iso: string } & Omit<React.ComponentProps<'time'>, 'dateTime' | 'children'>) {
  return (
    <time data-slot="long-date" dateTime={iso} {...props}>
      {formatLongDate(iso, useTimeZone())}
    </time>
  )
}

export { DateTime, LongDate }
