const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** 'March 5, 2024': the date format of the site, in US English. */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso))
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' })

/** 'Nov 25, 2026, 11:42:05 AM UTC': a moment to the second, where two can fall in one minute. */
export function formatDateTime(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`
}

const relativeTime = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
const DAY_MS = 86_400_000

/**
 * How long ago a day was, counted in whole calendar days (UTC) from `today` ('YYYY-MM-DD'):
 * 'today', 'yesterday', '3 days ago', 'last week', '2 months ago'. Day-sized steps keep the text
 * identical between the server's render and the browser's.
 */
export function formatRelativeDate(iso: string, today: string): string {
  const days = Math.round((Date.parse(today) - Date.parse(iso.slice(0, 10))) / DAY_MS)
  const size = Math.abs(days)
  if (size < 7) return relativeTime.format(-days, 'day')
  if (size < 30) return relativeTime.format(-Math.trunc(days / 7), 'week')
  if (size < 365) return relativeTime.format(-Math.trunc(days / 30), 'month')
  return relativeTime.format(-Math.trunc(days / 365), 'year')
}

/** Today's date in UTC as 'YYYY-MM-DD'. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}
