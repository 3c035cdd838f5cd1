import { existsSync } from 'node:fs'
import { resolve, sep } from 'node:path'
import { PAGE_TEMPLATE_CONTENT, type NewPageTemplate } from '~/content/page-templates'
import { industryTemplate } from '~/content/pages/industry-pages'
import { atLeast } from '~/lib/admin-access'
import { BLOCKS } from '~/lib/blocks/catalog'
import { linksIn } from '~/lib/blocks/fields'
import { BLOG_PATH } from '~/lib/blog-links'
import { fillInEvery } from '~/lib/fill-in'
import { tooLong } from '~/lib/form-fields'
import { nowIso } from '~/lib/ids'
import { type PageContent, type PageTemplate, pageContentErrors, pageContentSchema } from '~/lib/page-content'
import { isSitePath, reservedPrefixOf, targetPath } from '~/lib/redirect-paths'
import { BLOG_FEED_PATH } from '~/lib/seo'
import type { Db } from '~/server/db/schema.server'
import { getCaseStudyBySlug } from '~/server/repositories/case-studies.server'
import { deleteDraft, NEW_RECORD_KEY } from '~/server/repositories/drafts.server'
import { getFileAt } from '~/server/repositories/files.server'
import {
  type PageColumns,
  type PageRow,
  type PageStatus,
  getPage,
  getPageByPath,
  insertPage,
  listPages,
  pageStatus,
  readContent,
  updatePageAtVersion,
  visibleContent,
} from '~/server/repositories/pages.server'
import { getPostBySlug } from '~/server/repositories/posts.server'
import { getRedirectFrom, listRedirectRoutes } from '~/server/repositories/redirects.server'
import { forbidden } from './auth.server'
import type { LoadContext } from './load-context.server'
import { parseMediaUrl } from './media.server'
import { redirectMovedPath, releasePath } from './redirects.server'
import { keepRevision, type RevisedRecord, type RevisionSpec } from './revisions.server'
import type { User } from './users.server'

/*
 * The rules of the site's pages: what a save, a publish and a schedule store, where a new page may
 * live, which links it may hold, and what a move leaves behind. Each save checks the whole page and
 * stores nothing it refuses; what it stores lands with its revision, its activity line and the
 * redirect a move needs, in one transaction. Route modules read the form and call one of these.
 */

export type { PageStatus }

const PATH_MAX = 200
const NAME_MAX = 80

/** The addresses the site answers itself (routes.ts, server.ts): no page can live there. */
const FIXED_PATHS = ['/case-studies', BLOG_PATH, BLOG_FEED_PATH, '/sitemap.xml', '/robots.txt', '/forms/ticket', '/healthz', '/readyz']
/** Of those, the ones a page may link to. */
const LINKABLE_PATHS = new Set(['/case-studies', BLOG_PATH, BLOG_FEED_PATH, '/sitemap.xml'])
/** Addresses whose every path below belongs to records of their own, each with the words of its refusal. */
const RECORD_AREAS = [
  { prefix: `${BLOG_PATH}/`, what: 'the blog’s posts' },
  { prefix: '/case-studies/', what: 'the case studies' },
  { prefix: '/resources/ai-playbook/download/', what: 'the playbook’s download links' },
] as const

/** The words of every refusal, for the screens and the tests. */
export const PAGE_MESSAGES = {
  pathRequired: 'Path is required',
  pathStart: 'Start the path with / (such as /lp/spring-offer)',
  pathTrailing: 'Leave the / off the end of the path',
  pathCharacters: 'Use lowercase letters, digits and dashes in the path, with one / between its parts',
  pathTooLong: tooLong('Path', PATH_MAX),
  pathReserved: (prefix: string) => `Addresses under ${prefix} belong to the site itself: choose another path`,
  pathFixed: (path: string) => `The site answers ${path} itself: choose another path`,
  pathInArea: (prefix: string, what: string) => `Addresses under ${prefix.slice(0, -1)} are ${what}: choose another path`,
  pathTakenByPage: (name: string) => `The page “${name}” is at this path: choose another`,
  pathTakenByPost: (title: string) => `The post “${title}” is at this path: choose another`,
  pathTakenByCaseStudy: (title: string) => `The case study “${title}” is at this path: choose another`,
  pathTakenByRedirect: (target: string) =>
    `A redirect to ${target} starts at this path: delete it under Redirects first, or choose another path`,
  nameRequired: 'Name is required',
  nameTooLong: tooLong('Name', NAME_MAX),
  templateUnknown: 'Choose one of the templates',
  missingLink: (path: string) => `No page at ${path} on this site: check the address, or publish that page first`,
  atInvalid: 'Choose the date and time the change goes live',
  atPast: 'Choose a time in the future: this one has passed',
} as const

export interface PageSummary {
  id: string
  path: string
  name: string
  title: string
  status: PageStatus
  scheduledAt: string | null
  updatedAt: string
  /** The e-mail address of the admin who saved it last; null for a page as seeded. */
  updatedBy: string | null
}

export interface PageForEditor {
  id: string
  path: string
  name: string
  template: PageTemplate
  /** Its updated_at: a save carries it back, and is refused as stale over a newer one. */
  version: string
  draft: PageContent
  /** What visitors see now; null until first published. */
  live: PageContent | null
  /** When the scheduled change goes live; null when none is waiting. */
  scheduledAt: string | null
  status: PageStatus
}

/** What a save does besides keeping the draft: nothing more, put it live now, or put it live at a time (ISO, UTC). */
export type PageIntent = { kind: 'draft' } | { kind: 'publish' } | { kind: 'schedule'; at: string }

export interface PageInput {
  /** null for a new page. */
  id: string | null
  version: string
  path: string
  name: string
  /** The page as the editor sends it (JSON.parse'd): checked here. */
  content: unknown
}

export type PageSaveResult =
  | { outcome: 'saved'; id: string }
  | { outcome: 'stale' }
  | { outcome: 'gone' }
  /** Messages by field: 'path', 'name', 'at', 'template', or a content path such as 'blocks.2.data.title'. */
  | { outcome: 'invalid'; errors: Record<string, string> }

/** The page list: every page by path, with its status now. */
export async function listPagesForAdmin(db: Db): Promise<PageSummary[]> {
  const now = nowIso()
  return (await listPages(db)).map((row) => ({
    id: row.id,
    path: row.path,
    name: row.name,
    title: readContent(row.draft).title,
    status: pageStatus(row, now),
    scheduledAt: waitingSince(row, now),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  }))
}

export async function readPageForEditor(db: Db, id: string): Promise<PageForEditor | undefined> {
  const row = await getPage(db, id)
  if (!row) return undefined
  const now = nowIso()
  return {
    id: row.id,
    path: row.path,
    name: row.name,
    template: row.template as PageTemplate,
    version: row.updated_at,
    draft: readContent(row.draft),
    live: visibleContent(row, now),
    scheduledAt: waitingSince(row, now),
    status: pageStatus(row, now),
  }
}

/** When a page's scheduled change goes live, while it is still to come. */
const waitingSince = (row: Pick<PageRow, 'scheduled' | 'scheduled_at'>, now: string) =>
  row.scheduled && row.scheduled_at && row.scheduled_at > now ? row.scheduled_at : null

/**
 * An editor's save of a page over the version it loaded: the draft always; with 'publish' what
 * visitors see too, with 'schedule' what they see from a time. A published page that changes its
 * path leaves a permanent redirect from the old one.
 */
export async function savePage(context: LoadContext, user: User, input: PageInput, intent: PageIntent): Promise<PageSaveResult> {
  if (!atLeast(user.role, 'editor')) throw forbidden(user)
  const now = nowIso()
  const [path, name] = [input.path.trim(), input.name.trim()]
  const errors = addressErrors(path, name)
  const at = intent.kind === 'schedule' ? scheduledTime(intent.at, now) : null
  if (at && 'error' in at) errors.at = at.error
  // A draft may link to a page not yet published; what visitors see may not.
  const checked = await checkPageContent(context.db, input.content, path, { drafts: intent.kind === 'draft' })
  if ('errors' in checked) Object.assign(errors, checked.errors)
  if (Object.keys(errors).length > 0 || 'errors' in checked) return { outcome: 'invalid', errors }

  const saved = await context.db.transaction().execute(async (trx): Promise<PageSaveResult & { seen?: boolean; alone?: boolean }> => {
    const existing = input.id === null ? undefined : await getPage(trx, input.id)
    if (input.id !== null && !existing) return { outcome: 'gone' }
    if (existing && existing.updated_at !== input.version) return { outcome: 'stale' }
    const taken = await pathTaken(trx, path, existing)
    if (taken) return { outcome: 'invalid', errors: { path: taken } }

    const json = JSON.stringify(checked.content)
    const columns: PageColumns = { ...(existing && dueChange(existing, now)), path, name, draft: json, updated_by: user.email }
    if (intent.kind === 'publish')
      Object.assign(columns, { live: json, scheduled: null, scheduled_at: null, published_at: existing?.published_at ?? now })
    if (at && 'time' in at) Object.assign(columns, { scheduled: json, scheduled_at: at.time })

    const wasLive = existing !== undefined && visibleContent(existing, now) !== null
    let id = existing?.id
    if (existing) {
      const outcome = await updatePageAtVersion(trx, existing.id, input.version, columns)
      if (outcome !== 'saved') return { outcome }
    } else {
      id = await insertPage(trx, { ...columns, path, name, draft: json, template: 'blank' })
    }
    if (existing && existing.path !== path) {
      if (wasLive) await redirectMovedPath(trx, existing.path, path)
      // Only a redirect that led to this page's old path can stand at its new one (pathTaken).
      else await releasePath(trx, path)
    }
    const action = intent.kind === 'publish' ? 'published' : intent.kind === 'schedule' ? 'scheduled' : existing ? 'updated' : 'created'
    await keepRevision(trx, context, pageRevisions, { recordId: id!, action, user })
    await deleteDraft(trx, { type: 'page', key: existing?.id ?? NEW_RECORD_KEY, userId: user.id })
    // What visitors see changes with a publish or a schedule, and with a live page's move or new name (its breadcrumbs).
    const moved = existing !== undefined && (existing.path !== path || existing.name !== name)
    const seen = intent.kind !== 'draft' || (wasLive && moved)
    // A live page changed where it stands, under its name, changes its own page alone; a new, moved,
    // renamed or newly visible page changes which pages exist and their trails: every page's.
    return { outcome: 'saved', id: id!, seen, alone: wasLive && !moved }
  })
  if (saved.outcome !== 'saved') return saved
  // A schedule is seen through this too: each instance's timer looks at the schedule again.
  if (saved.seen) context.contentChanged('pages', saved.alone ? saved.id : undefined)
  return { outcome: 'saved', id: saved.id }
}

/** A new page from a template, stored as a draft at its path (not published), hidden from search engines if asked. */
export async function createPage(
  context: LoadContext,
  user: User,
  input: { path: string; name: string; template: NewPageTemplate; hidden: boolean },
): Promise<PageSaveResult> {
  if (!atLeast(user.role, 'editor')) throw forbidden(user)
  const [path, name] = [input.path.trim(), input.name.trim()]
  const errors = addressErrors(path, name)
  if (!Object.hasOwn(PAGE_TEMPLATE_CONTENT, input.template)) errors.template = PAGE_MESSAGES.templateUnknown
  if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors }
  const template = PAGE_TEMPLATE_CONTENT[input.template]
  // Ours, so a failure is a bug; its links are checked when the page is published (the draft is seen by no one).
  const content = pageContentSchema.parse({ ...template, search: { ...template.search, hidden: input.hidden } })
  return context.db.transaction().execute(async (trx): Promise<PageSaveResult> => {
    const taken = await pathTaken(trx, path, undefined)
    if (taken) return { outcome: 'invalid', errors: { path: taken } }
    const id = await insertPage(trx, {
      path,
      name,
      template: input.template,
      draft: JSON.stringify(content),
      updated_by: user.email,
    })
    await keepRevision(trx, context, pageRevisions, { recordId: id, action: 'created', user })
    return { outcome: 'saved', id }
  })
}

/** What a new industry's page is made from: the industry as its collection holds it. */
export interface IndustryForPage {
  name: string
  slug: string
  summary: string
  picture: { src: string; alt: string }
}

/**
 * The page a new industry gets at /industries/{slug}: the industry template in its name, summary and
 * picture, published with the industry so the cards that list it lead somewhere. A page or other
 * record already at that path keeps it, and no page is made.
 */
export async function createIndustryPage(
  trx: Db,
  context: LoadContext,
  user: User,
  industry: IndustryForPage,
): Promise<{ path: string; made: boolean }> {
  const path = `/industries/${industry.slug}`
  if (pathProblem(path) || (await pathTaken(trx, path, undefined))) return { path, made: false }
  const template = fillInEvery(industryTemplate, { name: industry.name })
  const content = pageContentSchema.parse({
    ...template,
    description: industry.summary,
    blocks: template.blocks.map((block) => {
      if (block.type === 'page-header') return { ...block, data: { ...block.data, text: industry.summary } }
      if (block.type === 'split') return { ...block, data: { ...block.data, picture: industry.picture } }
      return block
    }),
  })
  const json = JSON.stringify(content)
  const id = await insertPage(trx, {
    path,
    name: industry.name,
    template: 'industry',
    draft: json,
    live: json,
    published_at: nowIso(),
    updated_by: user.email,
  })
  await keepRevision(trx, context, pageRevisions, { recordId: id, action: 'published', user })
  return { path, made: true }
}

/**
 * A page's content checked as a save checks it: its blocks' fields (pageContentSchema, with the one
 * main heading rule), then every link that is a site path leads somewhere on this site. With
 * `drafts`, a link to a page that exists but is not published yet passes (a draft is seen by no one).
 */
export async function checkPageContent(
  db: Db,
  content: unknown,
  path: string,
  { drafts = false }: { drafts?: boolean } = {},
): Promise<{ content: PageContent } | { errors: Record<string, string> }> {
  const parsed = pageContentSchema.safeParse(content)
  if (!parsed.success) return { errors: pageContentErrors(parsed.error) }
  const links = parsed.data.blocks.flatMap((block, index) => linksIn(BLOCKS[block.type].fields, block.data, ['blocks', index, 'data']))
  const errors = await siteLinkErrors(db, links, { self: path, drafts })
  return Object.keys(errors).length > 0 ? { errors } : { content: parsed.data }
}

/**
 * The links (from linksIn) that are site paths leading nowhere on this site, each refused at its
 * field's path: for pages, and for the collections' items that hold links. `self` is the page
 * being saved (a link to itself passes); with `drafts`, so does one to a page not yet published.
 */
export async function siteLinkErrors(
  db: Db,
  links: { path: (string | number)[]; href: string }[],
  { self, drafts = false }: { self?: string; drafts?: boolean } = {},
): Promise<Record<string, string>> {
  const sitePaths = links.filter(({ href }) => isSitePath(href))
  if (sitePaths.length === 0) return {}
  const leadsSomewhere = await siteAddresses(db, self, drafts)
  const errors: Record<string, string> = {}
  for (const link of sitePaths) {
    const target = targetPath(link.href)!
    if (!(await leadsSomewhere(target))) errors[link.path.join('.')] = PAGE_MESSAGES.missingLink(target)
  }
  return errors
}

/** Whether a site path answers with something: a page, a post, a case study, a route, a redirect, a stored or shipped file. */
async function siteAddresses(db: Db, self: string | undefined, drafts: boolean): Promise<(path: string) => Promise<boolean>> {
  const now = nowIso()
  const [pages, redirects] = await Promise.all([listPages(db), listRedirectRoutes(db)])
  const known = new Set([
    ...(self ? [self] : []),
    ...LINKABLE_PATHS,
    ...pages.filter((row) => drafts || visibleContent(row, now)).map((row) => row.path),
    ...redirects.map((redirect) => redirect.fromPath),
  ])
  return async (path) => {
    if (known.has(path)) return true
    const postSlug = path.startsWith(`${BLOG_PATH}/`) ? path.slice(BLOG_PATH.length + 1) : null
    if (postSlug) return (await getPostBySlug(db, postSlug, now))?.status === 'published'
    const studySlug = path.match(/^\/case-studies\/([^/]+)$/)?.[1]
    if (studySlug) return (await getCaseStudyBySlug(db, studySlug)) !== undefined
    const stored = parseMediaUrl(path)
    if (stored) return (await getFileAt(db, stored.bucket, stored.path)) !== undefined
    return isShippedFile(path)
  }
}

// The files the site ships beside its pages (public/: the partners' logos, the illustrations).
const SHIPPED_FILES = resolve('public')

/** A file the site ships, such as /partners/zapier.svg: a name with an extension, in public/. */
function isShippedFile(path: string): boolean {
  if (!/\.[a-z0-9]+$/i.test(path)) return false
  const file = resolve(SHIPPED_FILES, `.${path}`)
  return file.startsWith(SHIPPED_FILES + sep) && existsSync(file)
}

/** What the path and name alone say is wrong: at their fields. */
function addressErrors(path: string, name: string): Record<string, string> {
  const errors: Record<string, string> = {}
  const pathError = pathProblem(path)
  if (pathError) errors.path = pathError
  if (!name) errors.name = PAGE_MESSAGES.nameRequired
  else if (name.length > NAME_MAX) errors.name = PAGE_MESSAGES.nameTooLong
  return errors
}

/** Why a path cannot be a page's, from the path alone; null when it can. */
export function pathProblem(path: string): string | null {
  if (!path) return PAGE_MESSAGES.pathRequired
  if (!path.startsWith('/')) return PAGE_MESSAGES.pathStart
  if (path.length > PATH_MAX) return PAGE_MESSAGES.pathTooLong
  if (path !== '/' && path.endsWith('/') && /^\/[a-z0-9/-]*$/.test(path)) return PAGE_MESSAGES.pathTrailing
  if (path !== '/' && !/^(\/[a-z0-9-]+)+$/.test(path)) return PAGE_MESSAGES.pathCharacters
  const reserved = reservedPrefixOf(path)
  if (reserved) return PAGE_MESSAGES.pathReserved(reserved)
  if (FIXED_PATHS.includes(path)) return PAGE_MESSAGES.pathFixed(path)
  return null
}

/**
 * Why a path is taken (by another page, a post, a case study or a redirect), naming what is there;
 * null when it is free. A redirect to the page's own path is no obstacle: moving a page back to
 * where it was replaces the redirect its first move left.
 */
async function pathTaken(db: Db, path: string, page: PageRow | undefined): Promise<string | null> {
  const other = await getPageByPath(db, path)
  if (other && other.id !== page?.id) return PAGE_MESSAGES.pathTakenByPage(other.name)
  const area = RECORD_AREAS.find(({ prefix }) => path.startsWith(prefix))
  if (area) {
    const slug = path.slice(area.prefix.length)
    const post = area.prefix === `${BLOG_PATH}/` ? await getPostBySlug(db, slug) : undefined
    if (post) return PAGE_MESSAGES.pathTakenByPost(post.title)
    const study = area.prefix === '/case-studies/' ? await getCaseStudyBySlug(db, slug) : undefined
    if (study) return PAGE_MESSAGES.pathTakenByCaseStudy(study.title)
    return PAGE_MESSAGES.pathInArea(area.prefix, area.what)
  }
  const redirect = await getRedirectFrom(db, path)
  if (redirect && !(page && targetPath(redirect.toTarget) === page.path)) return PAGE_MESSAGES.pathTakenByRedirect(redirect.toTarget)
  return null
}

/** The time a schedule asks for, as stored (ISO, UTC), or why it cannot be. */
function scheduledTime(at: string, now: string): { time: string } | { error: string } {
  const time = Date.parse(at)
  if (Number.isNaN(time)) return { error: PAGE_MESSAGES.atInvalid }
  const iso = new Date(time).toISOString()
  return iso > now ? { time: iso } : { error: PAGE_MESSAGES.atPast }
}

/** A scheduled change whose time came, folded into the live version before a save writes over the row. */
function dueChange(row: PageRow, now: string): PageColumns | undefined {
  if (!row.scheduled || !row.scheduled_at || row.scheduled_at > now) return undefined
  return { live: row.scheduled, scheduled: null, scheduled_at: null, published_at: row.published_at ?? row.scheduled_at }
}

/** A page as its revisions keep it: its name and path, whether it is live, and its draft's content. */
interface PageRecord extends RevisedRecord {
  title: string
  template: string
  content: PageContent
}

const pageRecord = (row: PageRow): PageRecord => ({
  id: row.id,
  version: row.updated_at,
  title: row.name,
  // The revisions kit names a record's address its slug.
  slug: row.path,
  template: row.template,
  imageUrl: null,
  published: row.live !== null,
  content: readContent(row.draft),
})

/**
 * A page's revisions. A restore writes the revision's content into the draft only: what visitors
 * see changes when someone publishes it, never by a restore. The page's name and path stay.
 */
export const pageRevisions: RevisionSpec = {
  type: 'page',
  read: async (db, id) => {
    const row = await getPage(db, id)
    return row && pageRecord(row)
  },
  kept: (current) => {
    const { title, slug, published } = current as PageRecord
    return { title, slug, published }
  },
  restoreOver: async (db, current, version, restored) => {
    const draft = JSON.stringify(pageContentSchema.parse(restored.content))
    const outcome = await updatePageAtVersion(db, current.id, version, { draft })
    return outcome === 'saved' ? null : outcome
  },
  reinsert: async (db, recordId, snapshot) => {
    const { slug, title, template, content } = snapshot as unknown as PageRecord
    if (await getPageByPath(db, slug)) return 'slug-taken'
    await insertPage(db, { id: recordId, path: slug, name: title, template, draft: JSON.stringify(pageContentSchema.parse(content)) })
    return null
  },
}
