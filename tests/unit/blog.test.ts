import { describe, expect, it } from 'vitest'
import routes from '~/routes'
import { blogListHref, postHref, readBlogListQuery, tagHref } from '~/lib/blog-links'
import { formatLongDate, formatRelativeDate, todayIn } from '~/lib/dates'
import { publicPagePaths } from '~/server/services/sitemap.server'
import { escapeXml } from '~/server/http/xml.server'

describe('relative publish time', () => {
  const today = '2026-11-22'
  it.each([
    ['2026-11-22T08:00:00.000Z', 'today'],
    ['2026-11-21T23:59:00.000Z', 'yesterday'],
    ['2026-11-19T10:00:00.000Z', '3 days ago'],
    ['2026-11-15T10:00:00.000Z', 'last week'],
    ['2026-11-01T10:00:00.000Z', '3 weeks ago'],
    ['2026-09-15T14:00:00.000Z', '2 months ago'],
    ['2025-03-01T10:00:00.000Z', 'last year'],
    ['2023-11-01T10:00:00.000Z', '3 years ago'],
    ['2026-11-25T10:00:00.000Z', 'in 3 days'],
  ])('%s is %s', (iso, expected) => {
    expect(formatRelativeDate(iso, today, 'UTC')).toBe(expected)
  })

  it('counts days on the calendar of the site’s zone', () => {
    // 3:00 AM UTC on the 22nd is still the evening of the 21st in Chicago.
    expect(formatRelativeDate('2026-11-22T03:00:00.000Z', today, 'UTC')).toBe('today')
    expect(formatRelativeDate('2026-11-22T03:00:00.000Z', today, 'America/Chicago')).toBe('yesterday')
    expect(todayIn('America/Chicago', new Date('2026-11-22T03:00:00.000Z'))).toBe('2026-11-21')
    expect(todayIn('Asia/Tokyo', new Date('2026-11-22T20:00:00.000Z'))).toBe('2026-11-23')
  })

  it('formats the long date like March 5, 2024 on the calendar of the zone', () => {
    expect(formatLongDate('2024-03-05T23:30:00.000Z', 'UTC')).toBe('March 5, 2024')
    expect(formatLongDate('2024-03-05T23:30:00.000Z', 'Asia/Tokyo')).toBe('March 6, 2024')
  })
})

describe('blog list addresses', () => {
  it('reads search, tag and page leniently', () => {
    expect(readBlogListQuery(new URLSearchParams('q=%20ai%20&tag=Cloud&page=3'))).toEqual({ search: 'ai', tag: 'Cloud', page: 3 })
    for (const page of ['0', '-2', '1.5', 'abc', '']) {
      expect(readBlogListQuery(new URLSearchParams({ page })).page).toBe(1)
    }
    expect(readBlogListQuery(new URLSearchParams({ q: 'x'.repeat(500) })).search).toHaveLength(100)
  })

  it('builds addresses without empty or default parts, encoding what needs it', () => {
    expect(blogListHref()).toBe('/resources/blog')
    expect(blogListHref({ search: '', tag: '', page: 1 })).toBe('/resources/blog')
    expect(blogListHref({ search: '50% off & more', page: 2 })).toBe('/resources/blog?q=50%25+off+%26+more&page=2')
    expect(tagHref('AI Agents')).toBe('/resources/blog?tag=AI+Agents')
    expect(postHref('hello-world')).toBe('/resources/blog/hello-world')
  })
})

describe('XML text', () => {
  it('escapes markup characters and drops characters XML forbids', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;')
    expect(escapeXml('bell\u0007 and\u0000 null, tab\tkept, café ☕')).toBe('bell and null, tab\tkept, café ☕')
  })
})

describe('sitemap', () => {
  it('lists every public page of the route table that has no parameter (the not-found splat aside)', () => {
    type Entry = { path?: string; file: string; children?: Entry[] }
    const siteLayout = (routes as Entry[]).find((r) => r.file === 'routes/site/layout.tsx')!
    const staticPaths = siteLayout.children!.map((r) => `/${r.path ?? ''}`).filter((p) => !p.includes(':') && p !== '/*')
    expect([...publicPagePaths].sort()).toEqual(staticPaths.sort())
  })
})
