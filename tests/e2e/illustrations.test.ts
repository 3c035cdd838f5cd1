import { beforeAll, describe, expect, it } from 'vitest'
import { publicPagePaths } from '~/server/services/sitemap.server'
import { useRunningSite } from '../support/site'

const site = useRunningSite()

/** Every public page: the launch pages, and what the sitemap lists now (industry pages, case studies, posts). */
let paths: string[] = []

beforeAll(async () => {
  const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text()
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
  paths = [...new Set([...publicPagePaths, ...listed, '/resources/blog'])]
  // Guard against reading an empty or broken sitemap.
  for (const kind of ['/industries/', '/case-studies/', '/resources/blog/']) expect(listed.some((path) => path.startsWith(kind))).toBe(true)
})

/*
 * The pictures a page shows: each image's file (less a query), and each drawn illustration by its
 * data-illustration name. Logos are marks, not illustrations: partners' and our own are left out, and
 * so is a case study's own picture on its own page (data-own-picture): that is the study's page, not
 * the art used again somewhere else.
 */
function illustrationsIn(html: string): Set<string> {
  const sources = [...html.matchAll(/<img\b[^>]*>/g)]
    .filter(([tag]) => !/\sdata-own-picture[\s=>]/.test(tag))
    .flatMap(([tag]) => /\ssrc="([^"?#]+)/.exec(tag)?.[1] ?? [])
  const drawn = [...html.matchAll(/\sdata-illustration="([^"]+)"/g)].map((match) => `drawn:${match[1]}`)
  return new Set([...sources.filter((src) => !/^\/(partners|brand)\//.test(src)), ...drawn])
}

describe('illustrations', () => {
  it('appear on at most two pages each', async () => {
    const pagesOf = new Map<string, string[]>()
    for (const path of paths) {
      const response = await fetch(site.server.url + path)
      expect(response.status, path).toBe(200)
      for (const source of illustrationsIn(await response.text())) pagesOf.set(source, [...(pagesOf.get(source) ?? []), path])
    }
    // The seeded site shows its industry and blog art somewhere, or this test reads nothing.
    expect([...pagesOf.keys()].some((source) => source.startsWith('/illustrations/'))).toBe(true)
    expect([...pagesOf.keys()].some((source) => source.startsWith('/blog/'))).toBe(true)
    const overused = [...pagesOf].filter(([, pages]) => pages.length > 2).map(([source, pages]) => `${source}: ${pages.join(', ')}`)
    expect(overused).toEqual([])
  }, 120_000)

  it('give the front-desk post a cover without a robot', async () => {
    const html = await (await fetch(`${site.server.url}/resources/blog/what-an-ai-receptionist-actually-does-for-a-small-business`)).text()
    expect(illustrationsIn(html)).toContain('/blog/front-desk.svg')
    expect(html).not.toContain('/blog/ai-receptionist.svg')
  })
})
