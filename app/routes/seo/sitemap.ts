import { cachedTextResponse } from '~/server/http/http-cache.server'
import { unlessDatabaseDown } from '~/server/http/database-down.server'
import { listSitemapEntries } from '~/server/services/sitemap.server'
import { escapeXml } from '~/server/http/xml.server'
import type { Route } from './+types/sitemap'

export function loader({ request, context }: Route.LoaderArgs) {
  return unlessDatabaseDown(request, async () => {
    const entries = await listSitemapEntries(context.db)
    const urls = entries.map((entry) => {
      const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : ''
      return `  <url><loc>${escapeXml(context.config.siteUrl + entry.path)}</loc>${lastmod}</url>`
    })
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n')
    return cachedTextResponse(request, xml, 'application/xml; charset=utf-8')
  })
}
