import { normalisePath } from '~/lib/redirect-paths'
import { nowIso } from '~/lib/ids'
import type { BlockType } from '~/lib/blocks/catalog'
import { industryTemplate } from '~/content/pages/industry-pages'
import { fillInEvery } from '~/lib/fill-in'
import { industryNameFromSlug, isIndustrySlug } from '~/lib/industry-slug'
import { type PageContent, pageContentSchema } from '~/lib/page-content'
import type { LeadKind } from '~/lib/leads'
import type { Db } from '~/server/db/schema.server'
import { listPublicPages, visibleContent } from '~/server/repositories/pages.server'
import { type LoadedBlock, loadBlocks } from './block-data.server'
import type { LoadContext } from './load-context.server'
import { readWhileUnchanged } from './request-reads.server'
import { shows } from './shown-content.server'

/*
 * A public page as a visitor gets it: the content visible now at the address asked for, its blocks
 * with the records they show, the trail of pages above it, and the form it holds, if any.
 */

export interface VisitorPage {
  path: string
  content: Omit<PageContent, 'blocks'>
  blocks: LoadedBlock[]
  /** The pages above this one and the page itself, by name, for the breadcrumb search engines read. */
  trail: { name: string; path: string }[]
  /** The page's second script: the lead form's, where a block holds a form. */
  script?: 'lead-form'
}

const FORM_BLOCKS = { 'contact-form': 'contact', 'playbook-form': 'playbook' } as const satisfies Record<string, LeadKind>
type FormBlock = keyof typeof FORM_BLOCKS
const isFormBlock = (type: BlockType): type is FormBlock => Object.hasOwn(FORM_BLOCKS, type)

/** The second script a page's blocks need: the lead form's, where one shows a form (the public page and its preview). */
export const pageScript = (blocks: readonly LoadedBlock[]): VisitorPage['script'] =>
  blocks.some((block) => isFormBlock(block.type)) ? 'lead-form' : undefined

/** Every page's public columns by path, kept while unchanged. */
const publicPagesFor = (request: Request, db: Db) =>
  readWhileUnchanged(request, db, 'pages', async () => new Map((await listPublicPages(db)).map((row) => [row.path, row])))

/** The content visitors see at a path now, or null (no page there, or not published). */
async function visibleAt(context: LoadContext, request: Request, path: string) {
  const row = (await publicPagesFor(request, context.db)).get(path)
  const content = row && visibleContent(row, nowIso())
  return row && content ? { id: row.id, name: row.name, content } : null
}

const INDUSTRIES = '/industries/'

/**
 * A well-formed address under /industries/ that no page holds gets the industry template, filled in
 * with a name made from the address and kept from search engines; any other address is not found.
 */
async function genericIndustryAt(context: LoadContext, request: Request, path: string) {
  const slug = path.startsWith(INDUSTRIES) ? path.slice(INDUSTRIES.length) : ''
  if (!isIndustrySlug(slug) || (await publicPagesFor(request, context.db)).has(path)) return null
  const name = industryNameFromSlug(slug)
  const template = fillInEvery(industryTemplate, { name })
  return { name, content: pageContentSchema.parse({ ...template, search: { ...template.search, hidden: true } }) }
}

export async function pageForVisitor(context: LoadContext, request: Request): Promise<VisitorPage | null> {
  const url = new URL(request.url)
  const path = normalisePath(url.pathname)
  const found = (await visibleAt(context, request, path)) ?? (await genericIndustryAt(context, request, path))
  if (!found) return null
  // Every page built from blocks depends on which pages exist (its trail, an industry's template).
  shows(context, 'pages', ...('id' in found ? [`page:${found.id}` as const] : []))
  const [blocks, trail] = await Promise.all([
    loadBlocks(found.content.blocks, { db: context.db, request, config: context.config, context }),
    trailTo(context, request, path, found.name),
  ])
  const { blocks: _stored, ...content } = found.content
  return { path, content, blocks, trail, script: pageScript(blocks) }
}

/** The published pages on the way down to `path` (not the home page), then the page itself. */
async function trailTo(context: LoadContext, request: Request, path: string, name: string) {
  const segments = path.split('/').filter(Boolean)
  if (segments.length < 2) return []
  const parents = segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)
  const pages = await publicPagesFor(request, context.db)
  const now = nowIso()
  const above = parents.flatMap((parent) => {
    const row = pages.get(parent)
    return row && visibleContent(row, now) ? [{ name: row.name, path: row.path }] : []
  })
  return [...above, { name, path }]
}

/** Which lead form a page's block holds, for the page's action; null when it holds none (it takes no posts). */
export async function pageFormKind(context: LoadContext, request: Request): Promise<LeadKind | null> {
  const found = await visibleAt(context, request, normalisePath(new URL(request.url).pathname))
  const block = found?.content.blocks.find((candidate) => !candidate.hidden && isFormBlock(candidate.type))
  return block ? FORM_BLOCKS[block.type as FormBlock] : null
}

export type { LoadedBlock }
