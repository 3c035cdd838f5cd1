import { BLOCKS, BLOCK_TYPES, type BlockData, type BlockType } from './blocks/catalog'
import { fieldsSchema } from './blocks/fields'
import { requiredText, tooLong } from './form-fields'
import { type SearchFields, isImageAddress } from './search-fields'
import { z } from './zod'

/*
 * What a page is made of: its title and summary for search results and share cards, and its blocks
 * in order. The page editor and the server check a page with the one schema here; the guards below
 * keep what an owner cannot see right (one main heading, and it comes first).
 */

/** A block as stored: its kind, its own id (stable across reorders, for the editor), whether it is hidden, and its fields. */
export type Block<T extends BlockType = BlockType> = {
  [K in T]: { id: string; type: K; hidden: boolean; data: BlockData<K> }
}[T]

export interface PageContent {
  /** Before "| site name" in the browser's tab and search results; empty for the site name alone (the home page). */
  title: string
  /** The page's summary in search results and share cards. */
  description: string
  search: SearchFields
  blocks: Block[]
}

// A description may run longer than a search result shows (the HVAC page's launched at 339 characters); search engines cut it.
export const PAGE_LIMITS = { title: 120, description: 400, blocks: 60 } as const

const blockSchemas = BLOCK_TYPES.map((type) =>
  z.object({
    id: z.string().trim().min(1).max(64),
    type: z.literal(type),
    hidden: z.boolean().default(false),
    data: fieldsSchema(BLOCKS[type].fields),
  }),
)

const searchSchema = z.object({
  title: z.string().trim().max(120, tooLong('SEO title', 120)).nullable().default(null),
  description: z.string().trim().max(320, tooLong('Meta description', 320)).nullable().default(null),
  image: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .default(null)
    .refine((value) => !value || isImageAddress(value), 'Use an address on this site starting with /, or a full https:// address'),
  hidden: z.boolean().default(false),
})

export const MAIN_HEADING_MESSAGES = {
  missing: 'Start the page with a hero or a page header: its title is the page’s main heading',
  second: 'A page has one main heading: use a page header or hero only once, at the top',
  notFirst: 'Move this block to the top: its title is the page’s main heading, which comes first',
} as const

/** A page as stored or sent by the editor, checked. Issues' paths name the field ('blocks.2.data.title'). */
export const pageContentSchema = z
  .object({
    title: z.string().trim().max(PAGE_LIMITS.title, tooLong('Title', PAGE_LIMITS.title)).default(''),
    description: requiredText('Description', PAGE_LIMITS.description),
    search: searchSchema.default({ title: null, description: null, image: null, hidden: false }),
    blocks: z
      .array(z.discriminatedUnion('type', blockSchemas as never, { error: 'Choose a block from the library' }))
      .max(PAGE_LIMITS.blocks, `A page can hold at most ${PAGE_LIMITS.blocks} blocks`),
  })
  .superRefine((page, context) => {
    const blocks = page.blocks as Block[]
    const shown = blocks.flatMap((block, index) => (block.hidden ? [] : [{ block, index }]))
    const main = shown.filter(({ block }) => 'mainHeading' in BLOCKS[block.type])
    if (main.length === 0) {
      context.addIssue({ code: 'custom', path: ['blocks'], message: MAIN_HEADING_MESSAGES.missing })
      return
    }
    for (const { index } of main.slice(1))
      context.addIssue({ code: 'custom', path: ['blocks', index, 'type'], message: MAIN_HEADING_MESSAGES.second })
    if (shown[0]!.block !== main[0]!.block)
      context.addIssue({ code: 'custom', path: ['blocks', main[0]!.index, 'type'], message: MAIN_HEADING_MESSAGES.notFirst })
  }) as unknown as z.ZodType<PageContent, unknown>

/** The messages of a refused page, by field path ('blocks.2.data.title'), the first per field. */
export function pageContentErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'page'
    errors[key] ??= issue.message
  }
  return errors
}

type Loose<T> = T extends (infer U)[] ? Loose<U>[] : T extends object ? { [K in keyof T]?: Loose<T[K]> } : T

/** A block as seed data and templates write it: fields left out take their defaults. */
export type BlockSeed<T extends BlockType = BlockType> = {
  [K in T]: { id: string; type: K; hidden?: boolean; data: Loose<BlockData<K>> }
}[T]

/** A page as the seed data writes it, in app/content/pages/. */
export interface PageSeed {
  path: string
  /** Its name in the back office and in breadcrumbs. */
  name: string
  template: PageTemplate
  content: { title?: string; description: string; search?: Partial<SearchFields>; blocks: BlockSeed[] }
}

/** What a new page starts from. */
export const PAGE_TEMPLATES = ['blank', 'service', 'industry', 'campaign'] as const
export type PageTemplate = (typeof PAGE_TEMPLATES)[number] | 'page'
