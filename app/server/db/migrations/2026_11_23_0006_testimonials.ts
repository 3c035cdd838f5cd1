import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'

// The testimonials the home and About pages showed as fixed text, copied here (migrations never
// import app code) so that every site, already running or new, starts with the same cards it had.
const shown = [
  {
    quote:
      "Summer is when we make our year, and it's also when we used to miss the most calls. Now the phone gets answered every time, the real emergencies reach my on-call tech, and the rest are booked before I get to the office.",
    name: 'Ray Ladner',
    title: 'Owner',
    company: 'Sound Side Heating & Air',
    home: 1,
  },
  {
    quote:
      'I expected a lot of training and headaches. Instead, patients book and reschedule on the phone without waiting on hold, and my front desk has about six hours a week back for the people standing in front of them.',
    name: 'Denise Robichaux',
    title: 'Practice Manager',
    company: 'Bayou Family Clinic',
    home: 1,
  },
  {
    quote:
      "Our leads used to wait hours for a reply. Now they hear from us in a few minutes, every lead has an agent assigned, and we're booking noticeably more showings from the same websites.",
    name: 'Andre Batiste',
    title: 'Broker & Owner',
    company: 'Crescent Key Realty',
    home: 1,
  },
  {
    quote:
      'They took the time to learn how a daycare actually runs before suggesting anything. Booking, vaccination records and reminders are all in one place now, and when I have a question someone calls me back the same day.',
    name: 'Jessica Trahan',
    title: 'Owner',
    company: 'Wag & Wade Doggy Daycare',
    home: 0,
  },
  {
    quote:
      "They explained every step in plain English, from the tenant assistant to moving us off our old server. Repair requests are organized, urgent ones reach our maintenance person fast, and we didn't lose a single file.",
    name: 'Lauren Whitfield',
    title: 'Operations Manager',
    company: 'Peachtree Row Property Management',
    home: 0,
  },
]

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('testimonials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The person's job title and company; either may be left out.
    .addColumn('title', 'text')
    .addColumn('company', 'text')
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('show_on_home', 'integer', (c) => c.notNull())
    .addColumn('show_on_about', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  const now = new Date().toISOString()
  await db
    .insertInto('testimonials')
    .values(
      shown.map(({ home, ...testimonial }, position) => ({
        id: randomUUID(),
        ...testimonial,
        stars: 5,
        position,
        show_on_home: home,
        show_on_about: 1 - home,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('testimonials').execute()
}
