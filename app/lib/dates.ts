/** The site's time zone until an owner chooses one in Site Settings. */
export const DEFAULT_TIME_ZONE = 'America/Chicago'

/**
 * Formatters by zone and kind: building one is slow next to using it, and a screen formats many
 * times in one or two zones. Bounded, as a form can name a zone in any letter case.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
const MAX_FORMATTERS = 500
function formatter(timeZone: string, kind: keyof typeof formats): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`
  let made = formatters.get(key)
  if (!made) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear()
    formatters.set(key, (made = new Intl.DateTimeFormat('en-US', { ...formats[kind], timeZone })))
  }
  return made
}

const formats = {
  longDate: { month: 'long', day: 'numeric', year: 'numeric' },
  clock: { hour: 'numeric', minute: '2-digit' },
  dateTime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  dateTimeSeconds: {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  },
  // The wall clock's fields as numbers, for the conversions below.
  parts: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

/** 'March 5, 2024': the date format of the site, in US English, on the calendar of `timeZone`. */
export function formatLongDate(iso: string, timeZone: string): string {
  return formatter(timeZone, 'longDate').format(new Date(iso))
}

/** '3:04 PM': a moment of today in `timeZone`, as a status line says it. */
export function formatClockTime(iso: string, timeZone: string): string {
  return formatter(timeZone, 'clock').format(new Date(iso))
}

/**
 * 'Dec 3, 2026, 9:00 AM CST': a moment in `timeZone`, with the zone's short name so no one reads it
 * as their own clock. With `seconds` where two can fall in one minute (revisions).
 */
export function formatDateTime(iso: string, timeZone: string, { seconds = false } = {}): string {
  return formatter(timeZone, seconds ? 'dateTimeSeconds' : 'dateTime').format(new Date(iso))
}

/** Whether `zone` names a time zone this runtime knows (any IANA name or link, in any letter case). */
export function isTimeZone(zone: string): boolean {
  if (KNOWN_ZONES.has(zone)) return true
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    return false
  }
  if (zone === '') return false
  KNOWN_ZONES.add(zone)
  return true
}

// Zones found valid, asked again on every page: making a formatter to check one took half a millisecond.
// The runtime knows some hundreds of names, so the set stays small.
const KNOWN_ZONES = new Set<string>()

/** A known zone's own name, as this runtime lists it: 'utc' and 'Etc/UTC' are 'UTC', 'US/Central' is 'America/Chicago'. */
export function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
}

/** Every zone an owner can choose, UTC first (the runtime's list leaves it out). */
export function timeZoneChoices(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
}

/** A zone's name as people read it: 'America/New York' for America/New_York. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ')
}

// Four-digit years, and the six-digit ones past 9999 that the day after 9999-12-31 has.
const WALL_TIME = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/

/** What the clocks of `timeZone` show at an instant (to the second), as the UTC instant showing the same. */
function wallClockAt(instant: number, timeZone: string): number {
  const part = Object.fromEntries(
    formatter(timeZone, 'parts')
      .formatToParts(instant)
      .map(({ type, value }) => [type, Number(value)]),
  )
  const clock = new Date(Date.UTC(2000, part.month! - 1, part.day, part.hour, part.minute, part.second))
  // Date.UTC reads the years 0 to 99 as 1900 to 1999.
  clock.setUTCFullYear(part.year!)
  return clock.getTime()
}

/** How far `timeZone`'s clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000
  return wallClockAt(whole, timeZone) - whole
}

/**
 * The UTC instant (ISO) that a wall time 'YYYY-MM-DDTHH:mm[:ss]' names in `timeZone`, as a clock on
 * the wall there would read it. On a DST change day it resolves as calendars do: a time the clocks
 * skip (2:30 AM as they jump to 3:00) is read with the offset before the jump, so it lands an hour
 * later (3:30 AM); a time that happens twice (1:30 AM as they fall back) is the first of the two.
 */
export function wallTimeToUtc(wallTime: string, timeZone: string): string {
  const asUtc = Date.parse(`${wallTime}Z`)
  if (!WALL_TIME.test(wallTime) || Number.isNaN(asUtc)) throw new RangeError(`Not a wall time: ${wallTime}`)
  // A zone changes its offset at most once around a given day; the offsets a day either side cover both.
  const before = offsetAt(asUtc - 86_400_000, timeZone)
  const after = offsetAt(asUtc + 86_400_000, timeZone)
  const fits = [asUtc - before, asUtc - after].filter((instant) => wallClockAt(instant, timeZone) === asUtc).sort((a, b) => a - b)
  return new Date(fits[0] ?? asUtc - before).toISOString()
}

/** The datetime-local value ('YYYY-MM-DDTHH:mm') of an instant on the clocks of `timeZone`. */
export function utcToWallTime(iso: string, timeZone: string): string {
  return new Date(wallClockAt(Date.parse(iso), timeZone)).toISOString().slice(0, 16)
}

const relativeTime = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
const DAY_MS = 86_400_000

/**
 * How long ago an instant was, counted in whole calendar days of `timeZone` from `today`
 * ('YYYY-MM-DD', that zone's): 'today', 'yesterday', '3 days ago', 'last week', '2 months ago'.
 * Day-sized steps keep the text identical between the server's render and the browser's.
 */
export function formatRelativeDate(iso: string, today: string, timeZone: string): string {
  const days = (Date.parse(today) - Date.parse(utcToWallTime(iso, timeZone).slice(0, 10))) / DAY_MS
  const size = Math.abs(days)
  if (size < 7) return relativeTime.format(-days, 'day')
  if (size < 30) return relativeTime.format(-Math.trunc(days / 7), 'week')
  if (size < 365) return relativeTime.format(-Math.trunc(days / 30), 'month')
  return relativeTime.format(-Math.trunc(days / 365), 'year')
}

/** Today's date in `timeZone` as 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now = new Date()): string {
  return utcToWallTime(now.toISOString(), timeZone).slice(0, 10)
}
