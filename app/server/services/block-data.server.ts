import type { BlockData, BlockType } from '~/lib/blocks/catalog'
import { caseStudyCardHref, caseStudyHref } from '~/lib/case-study-links'
import { todayIn } from '~/lib/dates'
import { fillIn } from '~/lib/fill-in'
import { industryNameFromSlug } from '~/lib/industry-slug'
import type { Block } from '~/lib/page-content'
import type { Config } from '~/server/config.server'
import type { Db } from '~/server/db/schema.server'
import { getCaseStudiesByIds, listCaseStudies } from '~/server/repositories/case-studies.server'
import { readOncePer, readWhileUnchanged } from './request-reads.server'
import { shows } from './shown-content.server'
import { listPublishedPosts } from '~/server/repositories/posts.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import { listTeamForAboutPage } from '~/server/repositories/team-members.server'
import { listTestimonialsFor } from '~/server/repositories/testimonials.server'
import { collectionsFor } from './collections.server'
import { renderMarkdown } from './markdown.server'
import type { LoadContext } from './load-context.server'
import { describeImages } from './media.server'

/*
 * The records a block shows beside its own words: case studies, testimonials, the team. Each kind of
 * block that shows records has one loader here; the rest show only what they hold. Addresses are made
 * here, so the views need no module for them.
 */

export interface BlockRequest {
  db: Db
  /**
   * The request the page answers: its address, with the query (the playbook page reads why a link
   * failed), and what its loaders read once between them (the collections, the case studies).
   */
  request: Request
  /** The settings text may name (the legal pages' {siteName} and {retentionMonths}). */
  config: Pick<Config, 'siteName' | 'analyticsRetentionMonths'>
  /** The request's load context, under which the records shown are noted (shown-content.server.ts). */
  context: LoadContext
}

type Reader = Pick<BlockRequest, 'db' | 'request' | 'context'>

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const HEADLINE_RESULTS = 3
/** The featured study and the three smaller ones. */
const FEATURED_PROOF = 4

/** The published studies, kept while unchanged (the home page's hero and client marks both show them). */
const caseStudiesFor = ({ db, request, context }: Reader) => {
  shows(context, 'case-studies')
  return readWhileUnchanged(request, db, 'case-studies', () => listCaseStudies(db))
}

const itemData = <D>(item: { data: D }) => item.data

/** The first studies, in the admin's order, that have a headline: the home page's proof and the figures beside a page's title. */
const headlineResults = async (reader: Reader) =>
  (await caseStudiesFor(reader))
    .flatMap(({ id, slug, client, headline }) => (headline ? [{ id, client, headline, href: caseStudyHref(slug) }] : []))
    .slice(0, HEADLINE_RESULTS)

/** The team, read once for the page (About shows it beside its title and in its team band). */
const teamFor = ({ db, request, context }: Reader) => {
  shows(context, 'team')
  return readOncePer(request, 'team', () => listTeamForAboutPage(db))
}

const withImages = async <M extends { imageUrl: string | null }>(db: Db, team: M[]) => ({
  team,
  images: await describeImages(
    db,
    team.map((member) => member.imageUrl),
  ),
})

/** Who a first call is with (the first of the team, in the admin's order) and their picture, for every booking band and Contact's booking card (block pages and the case-study and blog routes alike). */
export async function firstCallFor(request: Request, context: LoadContext) {
  const { db } = context
  const [host] = await teamFor({ db, request, context })
  if (!host) return { host: null, images: {} }
  const { name, role, imageUrl } = host
  return { host: { name, role, imageUrl }, images: await describeImages(db, [imageUrl]) }
}

export type FirstCall = Awaited<ReturnType<typeof firstCallFor>>

const INDUSTRIES = '/industries/'
const HEADER_PORTRAITS = 5

/** The trade of the industry page the request is for (one without a page of its own too); elsewhere, every industry. */
async function tradesAt(request: Request, db: Db) {
  const industries = (await collectionsFor(request, db)).industries.map(({ data: { name, slug } }) => ({ name, slug }))
  const path = new URL(request.url).pathname.replace(/\/+$/, '')
  const slug = path.startsWith(INDUSTRIES) ? path.slice(INDUSTRIES.length) : ''
  if (!slug) return industries
  return [industries.find((industry) => industry.slug === slug) ?? { name: industryNameFromSlug(slug), slug }]
}

/** What a page header shows beside its title, by the visual its editor chose. */
async function headerVisual(visual: BlockData<'page-header'>['visual'], reader: BlockRequest) {
  const { db, request } = reader
  switch (visual) {
    case 'figures':
      return { visual, results: await headlineResults(reader) }
    case 'trade':
      return { visual, trades: await tradesAt(request, db) }
    case 'team':
      return { visual, ...(await withImages(db, (await teamFor(reader)).slice(0, HEADER_PORTRAITS))) }
    case 'contact':
      return { visual, ...(await withImages(db, (await teamFor(reader)).slice(0, 1))) }
    case 'none':
      return { visual }
  }
}

const LOADERS = {
  // The proof in the hero follows the studies: the first ones, in the admin's order, that have a headline.
  hero: async (_data: BlockData<'hero'>, reader: BlockRequest) => ({ results: await headlineResults(reader) }),
  'page-header': (data: BlockData<'page-header'>, request: BlockRequest) => headerVisual(data.visual, request),
  'client-marks': async (_data: BlockData<'client-marks'>, reader: BlockRequest) => ({
    clients: (await caseStudiesFor(reader)).map(({ id, slug, client }) => ({ id, client, href: caseStudyHref(slug) })),
  }),
  'case-studies': async (data: BlockData<'case-studies'>, reader: BlockRequest) => {
    const { db, context } = reader
    const chosen = data.studies.length > 0
    shows(context, 'case-studies')
    const found = chosen
      ? await getCaseStudiesByIds(db, data.studies)
      : (await caseStudiesFor(reader)).filter((study) => data.industry && study.industry === data.industry)
    // Chosen studies keep the editor's order; one deleted since is left out.
    const byId = new Map(found.map((study) => [study.id, study]))
    const studies = chosen ? data.studies.flatMap((id) => byId.get(id) ?? []) : found
    return {
      studies: studies.map((study) => ({
        ...study,
        href: data.linkTo === 'card' ? caseStudyCardHref(study.id) : caseStudyHref(study.slug),
      })),
      images: await describeImages(
        db,
        studies.map((study) => study.imageUrl),
      ),
    }
  },
  // One study featured and three beside it: those chosen, or the first four in the admin's order.
  'featured-proof': async (data: BlockData<'featured-proof'>, reader: BlockRequest) => {
    const { db } = reader
    const published = await caseStudiesFor(reader)
    const byId = new Map(published.map((study) => [study.id, study]))
    const studies = (data.studies.length > 0 ? data.studies.flatMap((id) => byId.get(id) ?? []) : published).slice(0, FEATURED_PROOF)
    return {
      studies: studies.map((study) => ({
        ...study,
        href: data.linkTo === 'card' ? caseStudyCardHref(study.id) : caseStudyHref(study.slug),
      })),
      // Only the featured study shows its picture.
      images: await describeImages(
        db,
        studies.slice(0, 1).map((study) => study.imageUrl),
      ),
    }
  },
  // A testimonial shows its client's mark where a case study tells the same company's story.
  testimonials: async (data: BlockData<'testimonials'>, reader: BlockRequest) => {
    shows(reader.context, 'testimonials')
    const [testimonials, studies] = await Promise.all([listTestimonialsFor(reader.db, data.page), caseStudiesFor(reader)])
    const clients = new Map(studies.map((study) => [study.client.toLowerCase(), study.client]))
    return {
      testimonials: testimonials.map((testimonial) => ({
        ...testimonial,
        client: clients.get(testimonial.company?.toLowerCase() ?? '') ?? null,
      })),
    }
  },
  // Only the booking panel says who the call is with; the other styles ask without it.
  'cta-band': async (data: BlockData<'cta-band'>, { request, context }: BlockRequest) =>
    data.style === 'feature' && data.buttonAction === 'booking' ? firstCallFor(request, context) : null,
  'contact-form': async (_data: BlockData<'contact-form'>, { request, context }: BlockRequest) => firstCallFor(request, context),
  team: async (_data: BlockData<'team'>, reader: BlockRequest) => withImages(reader.db, await teamFor(reader)),
  // Filled in after rendering, so a name with Markdown's marks in it shows as written.
  'rich-text': async (data: BlockData<'rich-text'>, { config }: BlockRequest) => {
    const html = fillIn(renderMarkdown(data.body), {
      siteName: escapeHtml(config.siteName),
      retentionMonths: String(config.analyticsRetentionMonths),
    })
    return { html }
  },
  'latest-posts': async (data: BlockData<'latest-posts'>, { db, context }: BlockRequest) => {
    shows(context, 'posts', 'authors')
    const posts = (await listPublishedPosts(db)).posts.slice(0, Number(data.count))
    const [images, timeZone] = await Promise.all([
      describeImages(
        db,
        posts.flatMap((post) => [post.featuredImage, post.author.avatarUrl]),
      ),
      getTimeZone(db),
    ])
    // The site's day, as on the blog: the cards count whole days.
    return { posts, images, today: todayIn(timeZone) }
  },
  'industry-cards': async (_data: BlockData<'industry-cards'>, { db, request }: BlockRequest) => ({
    industries: (await collectionsFor(request, db)).industries.map(({ id, data }) => ({ id, ...data, path: `/industries/${data.slug}` })),
  }),
  services: async (_data: BlockData<'services'>, { db, request }: BlockRequest) => ({
    services: (await collectionsFor(request, db)).services.map(itemData),
  }),
  faq: async (_data: BlockData<'faq'>, { db, request }: BlockRequest) => ({ items: (await collectionsFor(request, db)).faq.map(itemData) }),
  locations: async (_data: BlockData<'locations'>, { db, request }: BlockRequest) => ({
    items: (await collectionsFor(request, db)).locations.map(itemData),
  }),
  // The tabs show every partner; a compact row, the featured ones.
  partners: async (data: BlockData<'partners'>, { db, request }: BlockRequest) => ({
    items: (await collectionsFor(request, db)).partners.map(itemData).filter((partner) => data.style === 'tabs' || partner.featured),
  }),
  // A visitor sent back from a download link that no longer works is told why.
  'playbook-form': async (
    _data: BlockData<'playbook-form'>,
    { request }: BlockRequest,
  ): Promise<{ link: 'expired' | 'invalid' | null }> => {
    const link = new URL(request.url).searchParams.get('link')
    return { link: link === 'expired' || link === 'invalid' ? link : null }
  },
} satisfies { [T in BlockType]?: (data: BlockData<T>, request: BlockRequest) => Promise<unknown> }

type Loaders = typeof LOADERS

/** What a block of type T is shown with besides its own fields. */
export type BlockExtra<T extends BlockType> = T extends keyof Loaders ? Awaited<ReturnType<Loaders[T]>> : undefined

/** A block ready for its view: its fields, and the records it shows. */
export type LoadedBlock<T extends BlockType = BlockType> = {
  [K in T]: Block<K> & { extra: BlockExtra<K> }
}[T]

/** The page's shown blocks with what each shows, read together. */
export async function loadBlocks(blocks: readonly Block[], request: BlockRequest): Promise<LoadedBlock[]> {
  return Promise.all(
    blocks
      .filter((block) => !block.hidden)
      .map(async (block) => {
        const loader = (LOADERS as Record<string, (data: unknown, request: BlockRequest) => Promise<unknown>>)[block.type]
        return { ...block, extra: loader ? await loader(block.data, request) : undefined } as LoadedBlock
      }),
  )
}
