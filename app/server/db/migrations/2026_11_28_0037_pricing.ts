import type { Kysely } from 'kysely'

/*
 * What it costs, said on the site: the Solutions page gets the pricing block before its closing band,
 * and the FAQ's cost question a real answer. An older site changes only where it is still as seeded:
 * a Solutions page whose draft, live or scheduled version still ends with the seeded services and
 * closing band (each version alike), and a cost answer still in the seeded words. Migrations never
 * import app code, so the words are repeated here (app/content/pages/solutions.ts and faq.ts).
 */

const PRICING = {
  id: 'solutions-pricing',
  type: 'pricing',
  data: {
    anchor: 'pricing',
    eyebrow: 'Pricing',
    title: 'What it costs',
    intro:
      'Every project gets a fixed price before any work starts. Most small businesses fit one of these three, and the first call is free.',
    tone: 'muted',
    priceLead: 'From',
    packages: [
      {
        name: 'One job handled',
        price: '$1,500',
        priceNote: 'one-time setup',
        summary: 'One AI receptionist, or one automation such as quote follow-ups or appointment reminders.',
        includes: [
          { text: 'Set up around the way you already take calls and bookings' },
          { text: 'Connected to your calendar or job software' },
          { text: 'Staff shown how it works, with a one-page guide' },
          { text: 'Running costs from $150 a month, billed at cost' },
        ],
      },
      {
        name: 'A connected set',
        price: '$4,500',
        priceNote: 'one-time setup',
        summary: 'Two to four jobs joined up, so a call becomes a booking, a reminder and an invoice without retyping.',
        includes: [
          { text: 'Phone, website, scheduling and invoicing talking to each other' },
          { text: 'Your customer list cleaned up and moved once' },
          { text: 'A check-in after 30 days to adjust what needs it' },
          { text: 'Most sets run $4,500 to $12,000 in total' },
        ],
      },
      {
        name: 'Ongoing IT care',
        price: '$300',
        priceNote: 'a month',
        summary: 'Computers, e-mail, backups and security looked after for an office of up to 10 people.',
        includes: [
          { text: 'Updates, monitoring and nightly backups' },
          { text: 'Help by phone or e-mail within one business day' },
          { text: 'Small changes to your automations included' },
          { text: 'Month to month, with no long contract' },
        ],
      },
    ],
    promiseTitle: 'A fixed-price first project, and 30 days to try it',
    promise:
      'We agree the price in writing before we start, and if the work takes longer, that is on us. Anything that answers your phone or your customers runs as a 30-day pilot first: if it is not earning its keep, you stop it and the monthly charges stop too.',
    buttonLabel: 'Book a free 30-minute call',
  },
}

const SEEDED_ANSWER =
  'It depends on the scope. A single AI receptionist costs far less than a set of connected automations across your whole business. Before you commit to anything, we do an ROI analysis, meaning we estimate what the project will save or earn you compared with what it costs, so you can decide with real numbers in front of you.'

const ANSWER =
  'It varies with the scope, but most projects fall in three sizes. One job handled, such as an AI receptionist or a single automation, starts at $1,500 to set up, plus running costs from $150 a month. A connected set of two to four jobs usually comes to $4,500 to $12,000. Ongoing IT care for an office of up to 10 people starts at $300 a month. Before you commit to anything, we do an ROI analysis, meaning we estimate what the project will save or earn you compared with what it costs, and the first project has a fixed price agreed in writing. The packages and what each includes are under Pricing on our Solutions page.'

/** The content with the pricing block before its closing band, or null where it does not end as seeded. */
function withPricing(json: string | null): string | null {
  if (!json) return null
  const content = JSON.parse(json) as { blocks?: { id?: string }[] }
  const blocks = content.blocks
  if (!Array.isArray(blocks) || blocks.length < 2) return null
  const [services, closing] = blocks.slice(-2)
  if (services?.id !== 'solutions-services' || closing?.id !== 'solutions-closing') return null
  return JSON.stringify({ ...content, blocks: [...blocks.slice(0, -1), PRICING, closing] })
}

async function addPricing(db: Kysely<any>): Promise<void> {
  const pages = await db.selectFrom('pages').select(['id', 'draft', 'live', 'scheduled']).where('path', '=', '/solutions').execute()
  for (const page of pages) {
    const changes = Object.fromEntries(
      (['draft', 'live', 'scheduled'] as const).flatMap((column) => {
        const next = withPricing(page[column])
        return next ? [[column, next]] : []
      }),
    )
    if (Object.keys(changes).length > 0) await db.updateTable('pages').set(changes).where('id', '=', page.id).execute()
  }
}

async function answerCost(db: Kysely<any>): Promise<void> {
  const items = await db.selectFrom('collection_items').select(['id', 'data']).where('collection', '=', 'faq').execute()
  for (const item of items) {
    const data = JSON.parse(item.data) as { answer?: string }
    if (data.answer?.trim() !== SEEDED_ANSWER) continue
    await db
      .updateTable('collection_items')
      .set({ data: JSON.stringify({ ...data, answer: ANSWER }) })
      .where('id', '=', item.id)
      .execute()
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await addPricing(db)
  await answerCost(db)
}
