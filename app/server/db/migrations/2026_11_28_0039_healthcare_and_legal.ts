import type { Kysely } from 'kysely'

/*
 * Healthcare and legal get industry pages of their own, the two trades whose stories lead the home
 * page. A site seeded before gets, once its pages exist (a new site is seeded with them on its first
 * start): the two industries in Collections → Industries, their pages published at /industries/healthcare
 * and /industries/legal where nothing holds those addresses yet, How We Help's industries listed from
 * the collection where that band is still as seeded, and the About menu's Partners link leading to
 * /partners where it still leads to /about#partners. Migrations never import app code, so the words are
 * repeated here (app/content/industries.ts, pages/industry-pages.ts, pages/how-we-help.ts, navigation.ts).
 */

const PAGES_MARKER = 'pages_seeded_at'
const BOOKING = 'Book a free 30-minute call'

interface NewIndustry {
  slug: string
  name: string
  summary: string
  picture: { src: string; alt: string }
  intro: string
  challenges: string[]
  solutions: { title: string; description: string }[]
  study: string
}

const INDUSTRIES: NewIndustry[] = [
  {
    slug: 'healthcare',
    name: 'Healthcare',
    summary: 'Answer the morning rush, book routine visits and send reminders, with every medical question going to your staff.',
    picture: { src: '/illustrations/trades/healthcare.svg', alt: 'A patient chart with a medical cross beside a stethoscope' },
    intro:
      'In a small clinic the front desk checks patients in, answers insurance questions and picks up the phone at once. We set up an AI receptionist that answers calls, books routine visits and sends reminders, while anything about symptoms goes to a person. Patient details stay inside tools covered by your HIPAA agreements.',
    challenges: [
      'The phone rings through the morning rush while patients wait at the counter',
      'Callers who reach voicemail book with another clinic instead',
      'No-shows leave gaps that nobody fills in time',
      'New-patient forms arrive on paper and get typed in by hand',
    ],
    solutions: [
      {
        title: 'AI receptionist for booking',
        description: 'Books, moves and cancels routine visits and answers questions about hours, parking and insurance taken.',
      },
      {
        title: 'Clinical questions go to staff',
        description: 'The assistant gives no medical advice: symptoms and urgent calls reach the nurse line or on-call provider.',
      },
      {
        title: 'Privacy-aware intake',
        description: 'New patients fill in a secure form that goes into your practice software, with no details left in email or text.',
      },
      {
        title: 'Visit reminders',
        description: 'A text two days before each visit, with an easy way to reschedule so the slot can go to someone else.',
      },
    ],
    study: 'healthcare-ai',
  },
  {
    slug: 'legal',
    name: 'Legal Services',
    summary: 'Take in new clients once, run the conflict check before the first call and reply to every inquiry the same day.',
    picture: { src: '/illustrations/trades/legal.svg', alt: 'A row of law books beside a gavel' },
    intro:
      'In a small firm a new inquiry often means retyping the same name into the case software, billing and the calendar, and checking for conflicts from memory. We set up one intake form that fills in all three, checks names against your clients and opposing parties before anyone calls back, and replies the same day.',
    challenges: [
      'Every new client is typed into three programs, and typos creep in',
      'Conflict checks depend on someone remembering to search the old files',
      'Inquiries wait days for a reply in a busy trial week',
      'Attorneys cannot see which consultations are still waiting',
    ],
    solutions: [
      {
        title: 'One client intake form',
        description: 'Details are entered once and go into your case management software, billing and calendar.',
      },
      {
        title: 'Conflict check before the call',
        description: 'Each new name and opposing party is checked against your client list, and possible matches go to an attorney.',
      },
      {
        title: 'Same-day replies',
        description: 'Every inquiry gets a reply with next steps and a link to book the first consultation.',
      },
      {
        title: 'Weekly intake summary',
        description: 'Attorneys see which inquiries are new, which are booked and which still wait on a decision.',
      },
    ],
    study: 'legal-workflow',
  },
]

/** An industry's page as the seed builds it (pages/industry-pages.ts). */
function pageContent(industry: NewIndustry): object {
  const id = (part: string) => `${industry.slug}-${part}`
  const title = `AI for ${industry.name}`
  return {
    title,
    description: industry.intro,
    blocks: [
      {
        id: id('header'),
        type: 'page-header',
        data: { eyebrow: 'Industries We Help', title, text: industry.intro, bookingButton: BOOKING, visual: 'trade' },
      },
      {
        id: id('challenges'),
        type: 'split',
        data: {
          anchor: 'challenges',
          title: 'Sound familiar?',
          tone: 'white',
          style: 'plain',
          points: industry.challenges.map((text) => ({ text })),
          picture: industry.picture,
        },
      },
      {
        id: id('solutions'),
        type: 'card-grid',
        data: {
          anchor: 'what-we-set-up',
          title: 'What we set up',
          tone: 'muted',
          style: 'check-cards',
          columns: '2',
          items: industry.solutions,
        },
      },
      {
        id: id('story'),
        type: 'case-studies',
        data: {
          anchor: 'story',
          title: 'A story from the field',
          tone: 'white',
          studies: [industry.study],
          linkTo: 'page',
          hidePictures: true,
        },
      },
      {
        id: id('all-industries'),
        type: 'cta-band',
        data: { tone: 'white', style: 'link', buttonLabel: 'See all industries we help', buttonAction: 'link', buttonLink: '/industries' },
      },
      {
        id: id('book-a-call'),
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'See what we would set up for you',
          text: 'In one free 30-minute call we go through how your week runs, find the job that costs you the most hours, and tell you what we would set up first. No pressure and no obligation.',
          tone: 'muted',
          style: 'feature',
          buttonLabel: BOOKING,
          buttonAction: 'booking',
        },
      },
    ],
  }
}

/** How We Help's seven industries as seeded: their own copy of the list, in small cards with icons. */
const SEEDED_INDUSTRIES_SERVED = ['Legal Services', 'Healthcare', 'Retail', 'HVAC', 'Real Estate', 'Hospitality', 'Professional Services']

const INDUSTRIES_FROM_COLLECTION = {
  id: 'how-we-help-industries',
  type: 'industry-cards',
  data: {
    anchor: 'industries-served',
    title: 'Industries we serve',
    tone: 'muted',
    style: 'compact',
    industries: 'legal, healthcare, hvac, real-estate',
    others: 'Retail, Hospitality, Professional Services',
    linkLabel: 'How we help',
  },
}

interface StoredBlock {
  id?: string
  type?: string
  hidden?: boolean
  data?: { title?: string; anchor?: string; style?: string; items?: { title?: string; link?: string }[] }
}

/** The seeded band: the same block, its title and anchor, and the seven cards in their order, none linking. */
function asSeeded(block: StoredBlock): boolean {
  const { data } = block
  return (
    block.id === 'how-we-help-industries' &&
    block.type === 'card-grid' &&
    !block.hidden &&
    data?.title === 'Industries we serve' &&
    data.anchor === 'industries-served' &&
    data.style === 'icon-cards' &&
    Array.isArray(data.items) &&
    data.items.length === SEEDED_INDUSTRIES_SERVED.length &&
    data.items.every((item, index) => item.title === SEEDED_INDUSTRIES_SERVED[index] && !item.link)
  )
}

/** How We Help's content with its industries from the collection, or null where the band is not as seeded. */
function withIndustriesFromCollection(json: string | null): string | null {
  if (!json) return null
  const content = JSON.parse(json) as { blocks?: StoredBlock[] }
  if (!Array.isArray(content.blocks) || !content.blocks.some(asSeeded)) return null
  return JSON.stringify({ ...content, blocks: content.blocks.map((block) => (asSeeded(block) ? INDUSTRIES_FROM_COLLECTION : block)) })
}

/** A version after the last one (app/server/repositories/versions.server.ts), so an editor open on the old menus is told they changed. */
function nextVersion(previous: string): string {
  const now = new Date().toISOString()
  const last = Date.parse(previous)
  return Number.isNaN(last) || now > previous ? now : new Date(last + 1).toISOString()
}

async function addIndustries(db: Kysely<any>, now: string): Promise<void> {
  const rows = await db.selectFrom('collection_items').select(['data', 'position']).where('collection', '=', 'industries').execute()
  const slugs = new Set(rows.map((row) => (JSON.parse(row.data) as { slug?: string }).slug))
  let position = rows.reduce((last, row) => Math.max(last, Number(row.position)), -1)
  for (const { slug, name, summary, picture } of INDUSTRIES) {
    if (slugs.has(slug)) continue
    position += 1
    await db
      .insertInto('collection_items')
      .values({
        id: crypto.randomUUID(),
        collection: 'industries',
        position,
        data: JSON.stringify({ name, slug, summary, picture }),
        created_at: now,
        updated_at: now,
      })
      .execute()
  }
}

async function addPages(db: Kysely<any>, now: string): Promise<void> {
  for (const industry of INDUSTRIES) {
    const path = `/industries/${industry.slug}`
    const page = await db.selectFrom('pages').select('id').where('path', '=', path).executeTakeFirst()
    const redirect = await db.selectFrom('redirects').select('id').where('from_path', '=', path).executeTakeFirst()
    if (page || redirect) continue
    const content = JSON.stringify(pageContent(industry))
    await db
      .insertInto('pages')
      .values({
        id: crypto.randomUUID(),
        path,
        name: industry.name,
        template: 'industry',
        draft: content,
        live: content,
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute()
  }
}

async function listHowWeHelpIndustries(db: Kysely<any>): Promise<void> {
  const page = await db
    .selectFrom('pages')
    .select(['id', 'draft', 'live', 'scheduled'])
    .where('path', '=', '/how-we-help')
    .executeTakeFirst()
  if (!page) return
  const changes = Object.fromEntries(
    (['draft', 'live', 'scheduled'] as const).flatMap((column) => {
      const next = withIndustriesFromCollection(page[column])
      return next ? [[column, next]] : []
    }),
  )
  if (Object.keys(changes).length > 0) await db.updateTable('pages').set(changes).where('id', '=', page.id).execute()
}

interface StoredNavigation {
  menus?: { sections?: { links?: { title?: string; href?: string }[] }[] }[]
}

async function fixPartnersLink(db: Kysely<any>): Promise<void> {
  const row = await db.selectFrom('site_settings').select(['value', 'updated_at']).where('key', '=', 'navigation').executeTakeFirst()
  if (!row) return
  const navigation = JSON.parse(row.value) as StoredNavigation
  let changed = false
  for (const link of (navigation.menus ?? []).flatMap((menu) => menu.sections ?? []).flatMap((section) => section.links ?? [])) {
    if (link.title !== 'Partners' || link.href !== '/about#partners') continue
    link.href = '/partners'
    changed = true
  }
  if (changed)
    await db
      .updateTable('site_settings')
      .set({ value: JSON.stringify(navigation), updated_at: nextVersion(row.updated_at) })
      .where('key', '=', 'navigation')
      .execute()
}

export async function up(db: Kysely<any>): Promise<void> {
  const seeded = await db.selectFrom('app_meta').select('value').where('key', '=', PAGES_MARKER).executeTakeFirst()
  if (!seeded) return
  const now = new Date().toISOString()
  await addIndustries(db, now)
  await addPages(db, now)
  await listHowWeHelpIndustries(db)
  await fixPartnersLink(db)
}
