import { readFileSync } from 'node:fs'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { join } from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { expect, it } from 'vitest'
import { blogListHref } from '~/lib/blog-links'
import { seedPages } from '~/content/pages/index'
import routes from '~/routes'
import { addressAskedFor, PageCache, QUERY_READ } from '~/server/host/page-cache.server'

// What reads a query in a module: the URL's search parameters, or the location's search.
const READS_QUERY = /searchParams|useSearchParams|location\.search|\bsearch\b.*= useLocation\(\)/

/** Every route module of the public site with its full path ('' for a layout, which every page below it renders). */
function publicRoutes(entries: RouteConfigEntry[], parent = ''): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent
    if (/^\/admin(?:\/|$)/.test(path)) return []
    return [{ path: entry.index || entry.path ? path || '/' : '', file: entry.file }, ...publicRoutes(entry.children ?? [], path)]
  })
}

/** A module's source with that of the app/lib modules it imports, where the blog reads its query. */
function sourceWithLib(file: string): string {
  const source = readFileSync(join('app', file), 'utf8')
  const lib = [...source.matchAll(/from '~\/lib\/([^']+)'/g)].map((match) => readFileSync(`app/lib/${match[1]}.ts`, 'utf8'))
  return [source, ...lib].join('\n')
}

// A page built from blocks reads no query itself; its blocks' loaders do (the playbook form reads why a download link failed).
const BLOCK_PAGE = 'routes/site/page.tsx'
const BLOCK_LOADERS = 'app/server/services/block-data.server.ts'
const QUERY_BLOCKS = new Set(['playbook-form'])

it('keys a cached page on exactly the query parameters its route reads, and on none for every other page', () => {
  expect(READS_QUERY.test(readFileSync(join('app', BLOCK_PAGE), 'utf8'))).toBe(false)
  const routeReading = publicRoutes(routes)
    .filter((route) => READS_QUERY.test(readFileSync(join('app', route.file), 'utf8')))
    .map((route) => route.path)
  const blocksReading = seedPages
    .filter((page) => page.content.blocks.some((block) => QUERY_BLOCKS.has(block.type)))
    .map((page) => page.path)
  expect([...routeReading, ...blocksReading].sort()).toEqual(Object.keys(QUERY_READ).sort())
  // The root and the site's layout render every page: a query they read would be in no key.
  expect(READS_QUERY.test(readFileSync('app/root.tsx', 'utf8'))).toBe(false)

  for (const [path, names] of Object.entries(QUERY_READ)) {
    const route = publicRoutes(routes).find((candidate) => candidate.path === path)!
    const source = route.file === BLOCK_PAGE ? readFileSync(BLOCK_LOADERS, 'utf8') : sourceWithLib(route.file)
    for (const name of names) expect(source, `${path} reads ${name}`).toContain(`'${name}'`)
  }
  // The blog list's own links name every parameter it reads.
  const linked = new URL(blogListHref({ search: 'ai', tag: 'news', page: 2 }), 'http://site.test').searchParams
  expect([...linked.keys()]).toEqual(QUERY_READ['/resources/blog'])
})

it('hands the application a page at its key, keeping the address asked for, and leaves other requests as they came', () => {
  const cache = new PageCache({ maxEntries: 10, maxBytes: 1_000_000, keepAliveTimeoutMs: 5_000 })
  const ask = (url: string, headers: Record<string, string> = {}) => {
    const req = new IncomingMessage(new Socket())
    Object.assign(req, { method: 'GET', url, headers })
    expect(cache.serve(req, new ServerResponse(req), () => {})).toBe(false)
    return { rendered: req.url, asked: addressAskedFor(req) }
  }
  expect(ask('/contact?fbclid=1')).toEqual({ rendered: '/contact', asked: '/contact?fbclid=1' })
  expect(ask('/resources/blog?utm_source=x&q=ai+agents&page=2')).toEqual({
    rendered: '/resources/blog?q=ai+agents&page=2',
    asked: '/resources/blog?utm_source=x&q=ai+agents&page=2',
  })
  expect(ask('/resources/ai-playbook?gclid=2&link=expired').rendered).toBe('/resources/ai-playbook?link=expired')
  // Not pages the cache keeps: React Router's route manifest reads its query (at its default
  // address: the config names no other), its data requests too, and a signed-in admin's page is
  // rendered for them.
  expect(readFileSync('react-router.config.ts', 'utf8')).not.toContain('routeDiscovery')
  for (const url of ['/__manifest?paths=%2Fpartners&version=abc', '/partners.data?utm_source=x', '/admin/blog?page=2'])
    expect(ask(url).rendered).toBe(url)
  expect(ask('/contact?fbclid=3', { cookie: 'session=abc' }).rendered).toBe('/contact?fbclid=3')
})
