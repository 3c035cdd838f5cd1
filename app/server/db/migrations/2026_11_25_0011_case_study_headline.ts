import type { Kysely } from 'kysely'

/*
 * A case study's headline result: one figure and what it measures ("30 → 4", "missed calls a
 * week"), shown large on the home page and on the study's own page. Optional: a study without one
 * is simply not among the home page's results.
 *
 * Studies that came from the seed get the headline their results already state, as long as that
 * result is still there word for word (an edited study keeps no headline its text no longer backs).
 */
const seededHeadlines = [
  { id: 'healthcare-ai', figure: '30 → 4', label: 'missed calls a week', backedBy: 'Missed calls down from about 30 a week to 4' },
  {
    id: 'legal-workflow',
    figure: '40 → 20 min',
    label: 'intake time per new client',
    backedBy: 'Intake time per new client down from about 40 minutes to under 20',
  },
  {
    id: 'retail-chatbot',
    figure: '7 in 10',
    label: 'customer questions answered without staff',
    backedBy: 'About 7 in 10 customer questions answered without staff',
  },
  {
    id: 'hvac-assistant',
    figure: '+15',
    label: 'booked jobs a month from after-hours calls',
    backedBy: 'Around 15 extra booked jobs a month from after-hours calls',
  },
  {
    id: 'doggy-daycare',
    figure: '+18%',
    label: 'repeat bookings within four months',
    backedBy: '18% more repeat bookings within four months',
  },
  {
    id: 'real-estate-lead',
    figure: '3 h → 5 min',
    label: 'first reply to a new lead',
    backedBy: 'Average first reply down from about 3 hours to under 5 minutes',
  },
  {
    id: 'barber-scheduling',
    figure: '2 in 3',
    label: 'cancelled slots refilled the same day',
    backedBy: 'Around two-thirds of cancelled slots refilled the same day',
  },
  {
    id: 'lawn-care',
    figure: 'Same day',
    label: 'quotes, instead of 2 to 3 days later',
    backedBy: 'Quotes sent the same day instead of 2 to 3 days later',
  },
  {
    id: 'personal-trainer',
    figure: '+18%',
    label: 'repeat bookings in the first quarter',
    backedBy: '18% more repeat bookings in the first quarter',
  },
  {
    id: 'property-management',
    figure: '15 min',
    label: 'for an urgent repair to reach a technician',
    backedBy: 'Urgent repairs reach a technician within 15 minutes, day or night',
  },
]

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('case_studies').addColumn('headline_figure', 'text').execute()
  await db.schema.alterTable('case_studies').addColumn('headline_label', 'text').execute()
  for (const { id, figure, label, backedBy } of seededHeadlines) {
    await db
      .updateTable('case_studies')
      .set({ headline_figure: figure, headline_label: label })
      .where('id', '=', id)
      .where('results', 'like', `%${JSON.stringify(backedBy)}%`)
      .execute()
  }
}
