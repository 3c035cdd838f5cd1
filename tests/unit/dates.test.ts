import { describe, expect, it } from 'vitest'
import { canonicalTimeZone, formatDateTime, formatLongDate, isTimeZone, timeZoneChoices, utcToWallTime, wallTimeToUtc } from '~/lib/dates'

describe('site time zone wall time', () => {
  it.each([
    // Central standard time is UTC-6, daylight time UTC-5.
    ['2026-12-03T09:00', 'America/Chicago', '2026-12-03T15:00:00.000Z'],
    ['2026-07-01T09:00', 'America/Chicago', '2026-07-01T14:00:00.000Z'],
    ['2026-07-01T09:00', 'UTC', '2026-07-01T09:00:00.000Z'],
    ['2026-07-01T09:00:30', 'Asia/Kolkata', '2026-07-01T03:30:30.000Z'],
    ['2026-01-01T00:00', 'Pacific/Kiritimati', '2025-12-31T10:00:00.000Z'],
  ])('%s in %s is %s', (wall, zone, utc) => {
    expect(wallTimeToUtc(wall, zone)).toBe(utc)
    expect(utcToWallTime(utc, zone)).toBe(wall.slice(0, 16))
  })

  describe('on the day clocks spring forward (Chicago, March 8, 2026, 2:00 AM → 3:00 AM)', () => {
    it('reads times either side of the jump with their own offset', () => {
      expect(wallTimeToUtc('2026-03-08T01:59', 'America/Chicago')).toBe('2026-03-08T07:59:00.000Z')
      expect(wallTimeToUtc('2026-03-08T03:00', 'America/Chicago')).toBe('2026-03-08T08:00:00.000Z')
      expect(wallTimeToUtc('2026-03-08T09:00', 'America/Chicago')).toBe('2026-03-08T14:00:00.000Z')
    })
    it('moves a skipped time an hour later, as the clocks did', () => {
      expect(wallTimeToUtc('2026-03-08T02:30', 'America/Chicago')).toBe('2026-03-08T08:30:00.000Z')
      expect(utcToWallTime('2026-03-08T08:30:00.000Z', 'America/Chicago')).toBe('2026-03-08T03:30')
    })
  })

  describe('on the day clocks fall back (Chicago, November 1, 2026, 2:00 AM → 1:00 AM)', () => {
    it('takes the first of a time that happens twice', () => {
      expect(wallTimeToUtc('2026-11-01T01:30', 'America/Chicago')).toBe('2026-11-01T06:30:00.000Z')
      expect(utcToWallTime('2026-11-01T07:30:00.000Z', 'America/Chicago')).toBe('2026-11-01T01:30')
    })
    it('reads times after the change in standard time', () => {
      expect(wallTimeToUtc('2026-11-01T02:00', 'America/Chicago')).toBe('2026-11-01T08:00:00.000Z')
      expect(wallTimeToUtc('2026-11-01T09:00', 'America/Chicago')).toBe('2026-11-01T15:00:00.000Z')
    })
  })

  it('reads any year an input can name, the six-digit one after 9999 included', () => {
    expect(wallTimeToUtc('0050-06-01T00:00', 'UTC')).toBe('0050-06-01T00:00:00.000Z')
    expect(wallTimeToUtc('+010000-01-01T00:00', 'America/Chicago')).toBe('+010000-01-01T06:00:00.000Z')
    expect(() => wallTimeToUtc('tomorrow', 'UTC')).toThrow(RangeError)
  })

  it('round-trips every hour of a year in zones with and without daylight time', () => {
    for (const zone of ['America/Chicago', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Tokyo']) {
      for (let instant = Date.UTC(2026, 0, 1); instant < Date.UTC(2027, 0, 1); instant += 3_600_000) {
        const iso = new Date(instant).toISOString()
        const wall = utcToWallTime(iso, zone)
        // Times that happen twice come back as the first of the two; every other one comes back as itself.
        const back = wallTimeToUtc(wall, zone)
        expect(back === iso || utcToWallTime(back, zone) === wall).toBe(true)
      }
    }
  })
})

describe('formatting in the site time zone', () => {
  it('shows a moment with the zone’s short name, to the minute or the second', () => {
    expect(formatDateTime('2026-12-03T15:00:00.000Z', 'America/Chicago')).toBe('Dec 3, 2026, 9:00 AM CST')
    expect(formatDateTime('2026-07-03T14:00:00.000Z', 'America/Chicago')).toBe('Jul 3, 2026, 9:00 AM CDT')
    expect(formatDateTime('2026-12-03T15:00:05.000Z', 'UTC', { seconds: true })).toBe('Dec 3, 2026, 3:00:05 PM UTC')
  })

  it('dates a moment on the zone’s calendar', () => {
    expect(formatLongDate('2024-03-05T23:30:00.000Z', 'UTC')).toBe('March 5, 2024')
    expect(formatLongDate('2024-03-06T03:30:00.000Z', 'America/Chicago')).toBe('March 5, 2024')
  })

  it('knows real zones and refuses made-up ones', () => {
    for (const zone of ['America/Chicago', 'UTC', 'Europe/Berlin', 'US/Central']) expect(isTimeZone(zone)).toBe(true)
    for (const zone of ['', 'Mars/Olympus_Mons', 'America/Chicag0', 'CST-6', '+05:00x']) expect(isTimeZone(zone)).toBe(false)
    expect(canonicalTimeZone('utc')).toBe('UTC')
    expect(canonicalTimeZone('US/Central')).toBe('America/Chicago')
    expect(timeZoneChoices()[0]).toBe('UTC')
    expect(timeZoneChoices()).toContain('America/Chicago')
  })
})
