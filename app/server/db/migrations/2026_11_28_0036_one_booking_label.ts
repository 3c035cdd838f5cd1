import type { Kysely } from 'kysely'

/*
 * One label for the booking action (issue 32): a site seeded before still shows the old labels on its
 * booking buttons. Each label that is still a seeded one becomes the new label, in the draft, live and
 * scheduled versions of every page alike; a label an editor wrote stays. Contact's booking card keeps
 * the spec's words ('Book a Strategy Session', 'Open Scheduler'): it is a contact-form block, not
 * touched here. Migrations never import app code, so the labels are repeated here
 * (app/content/booking.ts).
 */

const LABEL = 'Book a free 30-minute call'
const SHORT = 'Book a Strategy Session'
const LONG = 'Book Your Free Strategy Session'

/** Where each kind of block keeps its booking label, and the labels it was seeded with. */
const SEEDED: Record<string, { field: string; labels: string[] }> = {
  'cta-band': { field: 'buttonLabel', labels: [SHORT, LONG] },
  'page-header': { field: 'bookingButton', labels: [SHORT, LONG] },
  hero: { field: 'primaryCta', labels: [LONG] },
}

interface Block {
  type: string
  data: Record<string, unknown>
}

/** The field of a block that still holds a seeded booking label, if one does (a band's only when it books). */
function seededField({ type, data }: Block): string | null {
  const seeded = SEEDED[type]
  if (!seeded || !data || (type === 'cta-band' && data.buttonAction !== 'booking')) return null
  return seeded.labels.includes(data[seeded.field] as string) ? seeded.field : null
}

/** The content with every seeded booking label replaced, or null where there is none. */
function relabelled(json: string | null): string | null {
  if (!json) return null
  const content = JSON.parse(json) as { blocks?: Block[] }
  if (!Array.isArray(content.blocks) || !content.blocks.some((block) => seededField(block))) return null
  const blocks = content.blocks.map((block) => {
    const field = seededField(block)
    return field ? { ...block, data: { ...block.data, [field]: LABEL } } : block
  })
  return JSON.stringify({ ...content, blocks })
}

export async function up(db: Kysely<any>): Promise<void> {
  const pages = await db.selectFrom('pages').select(['id', 'draft', 'live', 'scheduled']).execute()
  for (const page of pages) {
    const changes = Object.fromEntries(
      (['draft', 'live', 'scheduled'] as const).flatMap((column) => {
        const next = relabelled(page[column])
        return next ? [[column, next]] : []
      }),
    )
    if (Object.keys(changes).length > 0) await db.updateTable('pages').set(changes).where('id', '=', page.id).execute()
  }
}
