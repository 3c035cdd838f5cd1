import type { Kysely } from 'kysely'

/*
 * How We Help and the industry pages end by asking for the call, as the other pages do. A site
 * seeded before gets the closing band added to those pages where they still end as seeded (their
 * last block the one the seed put there): a page an editor has rearranged is left as it is. Its
 * draft, live and scheduled versions are each treated alike. Migrations never import app code, so
 * the bands' words are repeated here (app/content/pages/how-we-help.ts and industry-pages.ts).
 */

const CALL_TEXT =
  'In one free 30-minute call we go through how your week runs, find the job that costs you the most hours, and tell you what we would set up first. No pressure and no obligation.'

function closingBand(path: string): { after: string; block: object } | null {
  if (path === '/how-we-help')
    return {
      after: 'how-we-help-industries',
      block: {
        id: 'how-we-help-closing',
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'Not sure where to start?',
          text: 'Tell us what takes up your week. In one free 30-minute call we point to the first job worth handing over, and what it would take to set up.',
          tone: 'white',
          style: 'feature',
          buttonLabel: 'Book a Strategy Session',
          buttonAction: 'booking',
        },
      },
    }
  const slug = path.startsWith('/industries/') ? path.slice('/industries/'.length) : ''
  if (!slug) return null
  return {
    after: `${slug}-all-industries`,
    block: {
      id: `${slug}-book-a-call`,
      type: 'cta-band',
      data: {
        anchor: 'book-a-call',
        title: 'See what we would set up for you',
        text: CALL_TEXT,
        tone: 'muted',
        style: 'feature',
        buttonLabel: 'Book a Strategy Session',
        buttonAction: 'booking',
      },
    },
  }
}

/** The content with the band added, or null where it does not end as seeded. */
function withBand(json: string | null, band: { after: string; block: object }): string | null {
  if (!json) return null
  const content = JSON.parse(json) as { blocks?: { id?: string }[] }
  if (!Array.isArray(content.blocks) || content.blocks.at(-1)?.id !== band.after) return null
  return JSON.stringify({ ...content, blocks: [...content.blocks, band.block] })
}

export async function up(db: Kysely<any>): Promise<void> {
  const pages = await db
    .selectFrom('pages')
    .select(['id', 'path', 'draft', 'live', 'scheduled'])
    .where((eb) => eb.or([eb('path', '=', '/how-we-help'), eb('path', 'like', '/industries/%')]))
    .execute()
  for (const page of pages) {
    const band = closingBand(page.path)
    if (!band) continue
    const changes = Object.fromEntries(
      (['draft', 'live', 'scheduled'] as const).flatMap((column) => {
        const next = withBand(page[column], band)
        return next ? [[column, next]] : []
      }),
    )
    if (Object.keys(changes).length > 0) await db.updateTable('pages').set(changes).where('id', '=', page.id).execute()
  }
}
