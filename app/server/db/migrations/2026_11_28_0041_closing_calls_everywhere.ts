import type { Kysely } from 'kysely'

/*
 * Every public page ends by asking for the call (issue 32). A site seeded before gets the closing
 * band on About, Contact, Industries, Partners, the resources and the legal pages where they still end as seeded
 * (their last block the one the seed put there): a page an editor has rearranged is left as it is.
 * Its draft, live and scheduled versions are each treated alike. Migrations never import app code,
 * so the bands' words are repeated here (app/content/pages/*.ts).
 */

const LABEL = 'Book a free 30-minute call'

interface Closing {
  /** The last block the seed gave the page. */
  after: string
  id: string
  title: string
  text: string
  tone: 'white' | 'muted'
  style: 'feature' | 'plain'
}

const CLOSINGS: Record<string, Closing> = {
  '/about': {
    after: 'about-partners',
    id: 'about-closing',
    title: 'Meet us before you decide anything',
    text: 'The first call is 30 minutes with someone from this team. You tell us how your week runs, and we tell you plainly what we would set up first.',
    tone: 'white',
    style: 'feature',
  },
  '/contact': {
    after: 'contact-locations',
    id: 'contact-closing',
    title: 'Rather pick a time now?',
    text: 'Skip the form and choose a slot for a free 30-minute call. Bring your questions; we bring a plain answer.',
    tone: 'muted',
    style: 'plain',
  },
  '/industries': {
    after: 'industries-cards',
    id: 'industries-closing',
    title: 'Your trade not on the list?',
    text: 'Most of what we set up works the same in any trade: calls answered, leads followed up, paperwork cut. One free call shows what it would look like in yours.',
    tone: 'white',
    style: 'feature',
  },
  '/partners': {
    after: 'partners-become',
    id: 'partners-closing',
    title: 'Want these tools working for you?',
    text: 'You do not have to pick a vendor yourself. In one free call we tell you which of these fit your business and what they would cost to run.',
    tone: 'muted',
    style: 'feature',
  },
  '/resources': {
    after: 'resources-cards',
    id: 'resources-closing',
    title: 'Short on time to read?',
    text: 'Tell us what slows your week down. In one free call we point to the change worth making first, and what it would take.',
    tone: 'white',
    style: 'feature',
  },
  '/resources/faq': {
    after: 'faq-questions',
    id: 'faq-closing',
    title: 'Ask us about your own business',
    text: 'Cost, timing, what your team would need to learn: in one free call we answer it for your business, not in general, with no obligation.',
    tone: 'muted',
    style: 'feature',
  },
  '/resources/ai-playbook': {
    after: 'ai-playbook-form',
    id: 'ai-playbook-closing',
    title: 'Rather not do the sums alone?',
    text: 'On a free call we work out what AI could save you together, with your own calls, jobs and hours, and say what we would set up first.',
    tone: 'white',
    style: 'feature',
  },
  '/privacy': {
    after: 'privacy-text',
    id: 'privacy-closing',
    title: 'Planning a project that handles customer data?',
    text: 'This page covers the website. How a tool we build would treat your customers’ data is agreed with you in writing, and we are glad to walk you through it on a call.',
    tone: 'muted',
    style: 'plain',
  },
  '/terms': {
    after: 'terms-text',
    id: 'terms-closing',
    title: 'Wondering how working together would go?',
    text: 'These terms cover the website. A project is agreed in writing, and it starts with a free call about what you need.',
    tone: 'muted',
    style: 'plain',
  },
}

const band = ({ id, title, text, tone, style }: Closing) => ({
  id,
  type: 'cta-band',
  data: { anchor: 'book-a-call', title, text, tone, style, buttonLabel: LABEL, buttonAction: 'booking' },
})

/** The content with the band added, or null where it does not end as seeded. */
function withBand(json: string | null, closing: Closing): string | null {
  if (!json) return null
  const content = JSON.parse(json) as { blocks?: { id?: string }[] }
  if (!Array.isArray(content.blocks) || content.blocks.at(-1)?.id !== closing.after) return null
  return JSON.stringify({ ...content, blocks: [...content.blocks, band(closing)] })
}

export async function up(db: Kysely<any>): Promise<void> {
  const pages = await db
    .selectFrom('pages')
    .select(['id', 'path', 'draft', 'live', 'scheduled'])
    .where('path', 'in', Object.keys(CLOSINGS))
    .execute()
  for (const page of pages) {
    const closing = CLOSINGS[page.path]!
    const changes = Object.fromEntries(
      (['draft', 'live', 'scheduled'] as const).flatMap((column) => {
        const next = withBand(page[column], closing)
        return next ? [[column, next]] : []
      }),
    )
    if (Object.keys(changes).length > 0) await db.updateTable('pages').set(changes).where('id', '=', page.id).execute()
  }
}
