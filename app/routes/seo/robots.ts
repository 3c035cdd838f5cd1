import { cachedTextResponse } from '~/server/http/http-cache.server'
import type { Route } from './+types/robots'

export function loader({ request, context }: Route.LoaderArgs) {
  const text = ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${context.config.siteUrl}/sitemap.xml`, ''].join('\n')
  return cachedTextResponse(request, text, 'text/plain; charset=utf-8')
}
