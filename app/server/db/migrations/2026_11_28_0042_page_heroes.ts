import type { Kysely } from 'kysely'

/*
 * The page header shows a visual chosen per kind of page (decision 072): the trade on the industry
 * pages, the team on About, and on Contact the person, the phone and the booking button. A site seeded
 * before gets those where the header is still the one the seed put there: its id, its seeded title
 * (an industry page's, its seeded eyebrow) and no visual yet (a header saved since has one, 'none' at
 * least), in the draft, live and scheduled versions alike. Contact's card needs the booking button's
 * words, added where Contact's header has none. Migrations never import app code, so the seeds' words
 * are repeated here (app/content/pages/*.ts, app/content/booking.ts).
 */

const BOOKING_LABEL = 'Book a free 30-minute call'

type Header = { id?: string; type?: string; data?: Record<string, unknown> }
type Seeded = { id: string; visual: string; words: Record<string, string> }

/** The seeded header at a path: its id, the words that tell it is still as seeded, and its visual. */
function seededHeader(path: string): Seeded | null {
  if (path === '/about')
    return { id: 'about-header', visual: 'team', words: { title: 'Practical technology for the businesses that keep towns running' } }
  if (path === '/contact') return { id: 'contact-header', visual: 'contact', words: { title: "Let's Talk" } }
  if (path === '/industries')
    return { id: 'industries-header', visual: 'trade', words: { title: 'Built for the Businesses That Keep Your Town Running' } }
  const slug = path.startsWith('/industries/') ? path.slice('/industries/'.length) : ''
  return slug ? { id: `${slug}-header`, visual: 'trade', words: { eyebrow: 'Industries We Help' } } : null
}

const asSeeded = (data: Record<string, unknown>, header: Seeded) =>
  !('visual' in data) && Object.entries(header.words).every(([field, words]) => data[field] === words)

function withVisual(data: Record<string, unknown>, visual: string): Record<string, unknown> {
  return { ...data, visual, ...(visual === 'contact' && !data.bookingButton ? { bookingButton: BOOKING_LABEL } : {}) }
}

/** The content with its header's visual set, or null where the header is not as seeded. */
function withHeroes(json: string | null, header: Seeded): string | null {
  if (!json) return null
  const content = JSON.parse(json) as { blocks?: Header[] }
  if (!Array.isArray(content.blocks)) return null
  const found = content.blocks.find((block) => block.id === header.id && block.type === 'page-header')
  if (!found?.data || !asSeeded(found.data, header)) return null
  const blocks = content.blocks.map((block) => (block === found ? { ...block, data: withVisual(found.data!, header.visual) } : block))
  return JSON.stringify({ ...content, blocks })
}

export async function up(db: Kysely<any>): Promise<void> {
  const pages = await db
    .selectFrom('pages')
    .select(['id', 'path', 'draft', 'live', 'scheduled'])
    .where((eb) => eb.or([eb('path', 'in', ['/about', '/contact', '/industries']), eb('path', 'like', '/industries/%')]))
    .execute()
  for (const page of pages) {
    const header = seededHeader(page.path)
    if (!header) continue
    const changes = Object.fromEntries(
      (['draft', 'live', 'scheduled'] as const).flatMap((column) => {
        const next = withHeroes(page[column], header)
        return next ? [[column, next]] : []
      }),
    )
    if (Object.keys(changes).length > 0) await db.updateTable('pages').set(changes).where('id', '=', page.id).execute()
  }
}
