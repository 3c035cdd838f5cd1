import type { MetaDescriptor } from 'react-router'

interface RootData {
  siteName: string
  siteUrl: string
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>

function rootData(matches: Matches): RootData {
  const data = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined
  return data ?? { siteName: '', siteUrl: '' }
}

/** '{title} | {site name}', or the site name alone: the title of every page. */
export function pageTitle(matches: Matches, title?: string): string {
  const { siteName } = rootData(matches)
  return title ? `${title} | ${siteName}` : siteName
}

/**
 * Title, description, canonical URL and Open Graph / Twitter tags for a public page. Absolute
 * URLs use SITE_URL, so search engines see one address per page whatever host served it.
 */
export function seo(
  matches: Matches,
  page: { title?: string; description: string; path: string; noindex?: boolean; image?: string },
): MetaDescriptor[] {
  const { siteName, siteUrl } = rootData(matches)
  const title = pageTitle(matches, page.title)
  const url = `${siteUrl}${page.path}`
  const image = `${siteUrl}${page.image ?? '/brand/og-image.png'}`
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}
