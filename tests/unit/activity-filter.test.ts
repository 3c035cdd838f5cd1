import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  activityKindLabels,
  activityPeriod,
  activityQuery,
  kindOfLine,
  linesOfKind,
  readActivityQuery,
  type ActivityKind,
} from '~/lib/activity-filter'

describe('the Activity screen’s filter', () => {
  it('reads what its form sends back into the same address', () => {
    const asked = readActivityQuery(new URLSearchParams('person=ann%40example.com&kind=leads&from=2026-11-01&to=2026-11-30&page=3'))
    expect(asked).toEqual({ page: 3, ok: true, filter: { person: 'ann@example.com', kind: 'leads', from: '2026-11-01', to: '2026-11-30' } })
    if (asked.ok)
      expect(activityQuery(asked.filter, asked.page)).toBe('?person=ann%40example.com&kind=leads&from=2026-11-01&to=2026-11-30&page=3')
    // Empty fields (a select's "All") are no filter, and stay out of the address.
    expect(readActivityQuery(new URLSearchParams('person=&kind=&from=&to='))).toEqual({ page: 1, ok: true, filter: {} })
  })

  it('never throws, whatever the address holds: a filter, or messages at known fields only', () => {
    const value = fc.oneof(fc.string(), fc.constantFrom('team', 'people', '2026-02-30', '2026-11-27', '\u0000', 'x'.repeat(400)))
    const name = fc.constantFrom('person', 'kind', 'from', 'to', 'page', 'other')
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 6 }), (pairs) => {
        const asked = readActivityQuery(new URLSearchParams(pairs))
        expect(Number.isSafeInteger(asked.page) && asked.page >= 1).toBe(true)
        if (!asked.ok) for (const field of Object.keys(asked.errors)) expect(['person', 'kind', 'from', 'to']).toContain(field)
      }),
    )
  })

  it('gives every line exactly one kind, and a kind selects the lines of that kind', () => {
    const kinds = Object.keys(activityKindLabels) as ActivityKind[]
    for (const kind of kinds) {
      const lines = linesOfKind(kind)
      const samples =
        'recordTypes' in lines
          ? lines.recordTypes.map((type) => ({ recordType: type, action: 'updated' as const }))
          : lines.actions.map((action) => ({ recordType: null, action }))
      expect(samples.length).toBeGreaterThan(0)
      for (const line of samples) expect(kindOfLine(line)).toBe(kind)
    }
    // A review request is a post's line.
    expect(kindOfLine({ recordType: 'post', action: 'review-requested' })).toBe('posts')
  })

  it('spans whole days on the site’s calendar, "To" included', () => {
    expect(activityPeriod({ from: '2026-11-02', to: '2026-11-02' }, 'America/Chicago')).toEqual({
      since: '2026-11-02T06:00:00.000Z',
      before: '2026-11-03T06:00:00.000Z',
    })
    // The day the clocks fall back is 25 hours long there.
    expect(activityPeriod({ from: '2026-11-01', to: '2026-11-01' }, 'America/Chicago')).toEqual({
      since: '2026-11-01T05:00:00.000Z',
      before: '2026-11-02T06:00:00.000Z',
    })
    expect(activityPeriod({}, 'UTC')).toEqual({ since: undefined, before: undefined })
  })
})
