import type { MetaDescriptor } from 'react-router'
import type { BreadcrumbList, ProfessionalService, Thing } from 'schema-dts'
import { SITE_LAYOUT_ID } from './route-ids'
import type { SearchFields } from './search-fields'

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

/** A schema.org node, typed by schema-dts so a property the type does not have fails the build. */
export type JsonLdNode = Exclude<Thing, string>

/**
 * What the public layout's loader gives every page (app/routes/site/layout.tsx): the firm's settings
 * and places, named here by the fields read, and the search fields of the pages that list records
 * (the blog, the case studies), set under Settings.
 */
interface SiteLayoutData {
  settings: { contactEmail: string; linkedinUrl: string; twitterUrl: string }
  places: { city: string; state: string }[]
  pageSearch: Record<string, SearchFields>
}

function siteLayoutData(matches: Matches): SiteLayoutData | undefined {
  return matches.find((m) => m?.id === SITE_LAYOUT_ID)?.loaderData as SiteLayoutData | undefined
}

/**
 * Title, description, canonical URL and Open Graph / Twitter tags for a public page. Absolute
 * URLs use SITE_URL, so search engines see one address per page whatever host served it. The
 * page's search fields (a post's, a study's, a page's from its editor, or a record list's from
 * Settings) take the place of its own title, description and image where filled in. Every page
 * carries the firm as schema.org structured data, with `jsonLd` for what the page itself is.
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
    jsonLd?: JsonLdNode | JsonLdNode[]
    search?: SearchFields
  },
): MetaDescriptor[] {
  const { siteName } = rootData(matches)
  const search = page.search ?? siteLayoutData(matches)?.pageSearch[page.path]
  const title = search?.title ?? pageTitle(matches, page.title)
  const description = search?.description ?? page.description
  const url = absoluteUrl(matches, page.path)
  const image = absoluteUrl(matches, search?.image ?? page.image ?? DEFAULT_SHARE_IMAGE)
  const hidden = page.noindex || search?.hidden
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    ...(hidden ? [{ name: 'robots', content: 'noindex' }] : []),
    { 'script:ld+json': { '@context': 'https://schema.org', '@graph': [organizationJsonLd(matches), ...[page.jsonLd ?? []].flat()] } },
  ]
}

/** The picture a page shares when it has none of its own. */
export const DEFAULT_SHARE_IMAGE = '/brand/og-image.png'

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
export function breadcrumbJsonLd(matches: Matches, trail: { name: string; path: string }[]): BreadcrumbList {
  const steps = [{ name: 'Home', path: '/' }, ...trail]
  return {
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absoluteUrl(matches, step.path),
    })),
  }
}

/** The firm's node id, so a page's own data can name it as publisher or author without repeating it. */
export const organizationId = (matches: Matches) => absoluteUrl(matches, '/#organization')

/** schema.org ProfessionalService on every page: who runs the site, where its teams are, where else to find them. */
export function organizationJsonLd(matches: Matches): ProfessionalService {
  const { siteName } = rootData(matches)
  const layout = siteLayoutData(matches)
  return {
    '@type': 'ProfessionalService',
    '@id': organizationId(matches),
    name: siteName,
    url: absoluteUrl(matches, '/'),
    logo: absoluteUrl(matches, '/brand/logo-mark.svg'),
    image: absoluteUrl(matches, DEFAULT_SHARE_IMAGE),
    areaServed: { '@type': 'Country', name: 'United States' },
    ...(layout && {
      location: layout.places.map((place) => ({
        '@type': 'Place',
        name: `${siteName}, ${place.city}`,
        address: { '@type': 'PostalAddress', addressLocality: place.city, addressRegion: place.state, addressCountry: 'US' },
      })),
      email: layout.settings.contactEmail,
      sameAs: [layout.settings.linkedinUrl, layout.settings.twitterUrl].filter(Boolean),
    }),
  }
}
