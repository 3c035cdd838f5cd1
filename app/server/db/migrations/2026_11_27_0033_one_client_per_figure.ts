import { sql, type Kysely } from 'kysely'

/*
 * The seed credited the same results to several clients (30 → 4 missed calls to the clinic and the
 * HVAC company, 18% more repeat bookings to three businesses). A site seeded before the fix gets each
 * result rewritten, word for word, only where the seeded sentence is still there: what an admin has
 * since written stays theirs. Migrations never import app code, so the sentences are repeated here.
 */
const results: [before: string, after: string][] = [
  ['Missed calls down from about 30 a week to 4 in peak season', 'Missed calls in peak season down from about 45 a week to 3'],
  ['Around 15 extra booked jobs a month from after-hours calls', 'About 60 extra jobs booked over the summer from after-hours calls'],
  ['About 6 hours of dispatcher admin saved per week', 'About 10 hours a week of dispatcher call-backs saved'],
  ['About 5 hours a week of phone and text time saved', 'About 7 hours a week of phone and text time saved'],
  ['About 4 hours a week of follow-up texting saved per agent', 'About 2 hours a week of follow-up texting saved per agent'],
  ['18% more repeat bookings over three months', 'Regulars back in the chair about every 4 weeks instead of every 6'],
  ['About 6 hours of admin saved per week', 'About 9 hours a week of evening paperwork gone'],
  ['18% more repeat bookings in the first quarter', 'About 1 in 3 quiet clients rebooked after a check-in text'],
  ['About 4 hours a week of messaging saved', 'About 3 hours a week of messaging saved'],
  ['Tenant "any update?" calls down by about half', 'Tenant "any update?" calls down from about 25 a week to 10'],
]

const headlines = [
  {
    id: 'hvac-assistant',
    before: { figure: '+15', label: 'booked jobs a month from after-hours calls' },
    after: { figure: '+60', label: 'after-hours jobs booked over the summer' },
  },
  {
    id: 'personal-trainer',
    before: { figure: '+18%', label: 'repeat bookings in the first quarter' },
    after: { figure: '1 in 3', label: 'quiet clients rebooked after a check-in text' },
  },
]

/** The home page's snapshot (in its blocks) and the services' examples (in their items), as JSON text. */
const blockWords: [before: string, after: string][] = [
  ['Missed calls down from about 30 a week to 4 in peak season', 'Missed calls in peak season down from about 45 a week to 3'],
  ['saving the owner about 6 hours of admin a week.', 'saving the owner about 9 hours of evening paperwork a week.'],
  [
    'A Gulfport HVAC company went from about 30 missed calls a week in peak season to 4, and books around 15 extra jobs a month from after-hours calls.',
    'A Gulfport HVAC company went from about 45 missed calls a week in peak season to 3, and booked about 60 extra jobs over the summer from after-hours calls.',
  ],
]

/** The seeded posts: one quotes the HVAC client, one gives an example that borrowed three clients' figures. */
const postWords: [before: string, after: string][] = [
  ['missed calls in peak season went from about 30 a week to 4.', 'missed calls in peak season went from about 45 a week to 3.'],
  [
    '- Missed calls went from about 30 a week to 4, and a few of those extra answered calls became paying jobs\n- About 6 hours of admin a week moved off the front desk\n- Repeat bookings rose by around 18%',
    '- Missed calls went from about 20 a week to 5, and a few of those extra answered calls became paying jobs\n- About 11 hours of admin a month moved off the front desk\n- Repeat bookings rose by around 10%',
  ],
]

/** A sentence as it sits inside stored JSON text. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1)

/** Replaces a sentence wherever it stands in a column; rows without it keep their text (LIKE would misread its % and \\). */
async function rewrite(db: Kysely<any>, table: string, column: string, before: string, after: string) {
  await db
    .updateTable(table)
    .set({ [column]: sql`replace(${sql.ref(column)}, ${before}, ${after})` })
    .execute()
}

export async function up(db: Kysely<any>): Promise<void> {
  // A result is a whole entry of the study's list, so its quotes keep it from matching a longer one.
  for (const [before, after] of results) await rewrite(db, 'case_studies', 'results', `"${inJson(before)}"`, `"${inJson(after)}"`)
  for (const { id, before, after } of headlines) {
    await db
      .updateTable('case_studies')
      .set({ headline_figure: after.figure, headline_label: after.label })
      .where('id', '=', id)
      .where('headline_figure', '=', before.figure)
      .where('headline_label', '=', before.label)
      .execute()
  }
  for (const [before, after] of blockWords) {
    for (const column of ['draft', 'live', 'scheduled']) await rewrite(db, 'pages', column, inJson(before), inJson(after))
    await rewrite(db, 'collection_items', 'data', inJson(before), inJson(after))
  }
  for (const [before, after] of postWords) await rewrite(db, 'blog_posts', 'content', before, after)
}
