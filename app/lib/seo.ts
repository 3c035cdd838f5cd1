import type { MetaDescriptor } from 'react-router'
import type { SiteSettings } from '~/server/repositories/settings.server'
import { SITE_LAYOUT_ID } from './route-ids'

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

/** An address on this site as search engines and feed readers should see it: absolute, on SITE_URL. */
export function absoluteUrl(matches: Matches, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${rootData(matches).siteUrl}${pathOrUrl}`
}

/**
 * Title, description, canonical URL and Open Graph / Twitter tags for a public page. Absolute
 * URLs use SITE_URL, so search engines see one address per page whatever host served it.
 * `jsonLd` adds schema.org structured data.
 */
export function seo(
  matches: Matches,
  page: {
    title?: string
    description: string
    path: string
    noindex?: boolean
    image?: string
    type?: 'website' | 'article'
    jsonLd?: Record<string, unknown>
  },
): MetaDescriptor[] {
  const { siteName } = rootData(matches)
  const title = pageTitle(matches, page.title)
  const url = absoluteUrl(matches, page.path)
  const image = absoluteUrl(matches, page.image ?? DEFAULT_SHARE_IMAGE)
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...(page.jsonLd ? [{ 'script:ld+json': { '@context': 'https://schema.org', ...page.jsonLd } }] : []),
  ]
}

const DEFAULT_SHARE_IMAGE = '/brand/og-image.png'

/** Social networks do not show SVG previews; such images fall back to the site's share image. */
export function shareImage(image: string | null): string | undefined {
  return image && !/\.svg(\?|$)/i.test(image) ? image : undefined
}

export const BLOG_FEED_PATH = '/resources/blog/rss.xml'

/** The `<link rel="alternate">` that lets feed readers find the blog's RSS feed. */
export function blogFeedLink(matches: Matches): MetaDescriptor {
  return {
    tagName: 'link',
    rel: 'alternate',
    type: 'application/rss+xml',
    title: `${rootData(matches).siteName} Blog`,
    href: absoluteUrl(matches, BLOG_FEED_PATH),
  }
}

/** schema.org BreadcrumbList: the trail from the home page to this one, each step with its address. */
export function breadcrumbJsonLd(matches: Matches, trail: { name: string; path: string }[]): Record<string, unknown> {
  const steps = [{ name: 'Home', path: '/' }, ...trail]
  return {
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: absoluteUrl(matches, step.path) })),
  }
}

/** schema.org Organization for the home page: who runs the site and where else to find them. */
export function organizationJsonLd(matches: Matches): Record<string, unknown> {
  const { siteName } = rootData(matches)
  const layout = matches.find((m) => m?.id === SITE_LAYOUT_ID)?.loaderData as { settings: SiteSettings } | undefined
  const settings = layout?.settings
  return {
    '@type': 'Organization',
    name: siteName,
    url: absoluteUrl(matches, '/'),
    logo: absoluteUrl(matches, '/brand/logo-mark.svg'),
    ...(settings && {
      email: settings.contactEmail,
      sameAs: [settings.linkedinUrl, settings.twitterUrl].filter(Boolean),
    }),
  }
}
