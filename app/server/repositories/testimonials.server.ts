import { aboutTestimonials } from '~/content/about'
import { homeTestimonials } from '~/content/home'
import type { Testimonial } from '~/content/types'
import type { Db, TestimonialsTable } from '~/server/db/schema.server'
import { logger } from '~/server/log.server'
import { deleteAtVersion, positionAfterLast, type RecordEdit, saveAtVersion } from '~/server/repositories/versions.server'

/** A testimonial as a page shows it: with where its review can be read, if the owner linked one. */
export interface ShownTestimonial extends Testimonial {
  /** An https address; the stars show only with one. */
  reviewUrl: string | null
}

export interface TestimonialRecord extends ShownTestimonial {
  id: string
  position: number
  showOnHome: boolean
  showOnAbout: boolean
  version: string
}

/** What the editor saves; the list orders testimonials. */
export type TestimonialFields = Omit<TestimonialRecord, 'id' | 'position' | 'version'>

function testimonialOf({
  show_on_home,
  show_on_about,
  review_url,
  updated_at,
  created_at: _,
  ...row
}: TestimonialsTable): TestimonialRecord {
  return { ...row, reviewUrl: review_url, showOnHome: show_on_home === 1, showOnAbout: show_on_about === 1, version: updated_at }
}

const inOrder = (db: Db) => db.selectFrom('testimonials').orderBy('position').orderBy('created_at').orderBy('id')

/** Every testimonial, in the order the pages show them: the admin list. */
export async function listTestimonials(db: Db): Promise<TestimonialRecord[]> {
  return (await inOrder(db).selectAll().execute()).map(testimonialOf)
}

const PAGES = {
  home: { shown: 'show_on_home', fallback: homeTestimonials },
  about: { shown: 'show_on_about', fallback: aboutTestimonials },
} as const

/** The testimonials a public page shows, in order; its built-in ones when the database cannot be read. */
export async function listTestimonialsFor(db: Db, page: keyof typeof PAGES): Promise<ShownTestimonial[]> {
  const { shown, fallback } = PAGES[page]
  try {
    return await inOrder(db)
      .select(['quote', 'name', 'title', 'company', 'stars', 'review_url as reviewUrl'])
      .where(shown, '=', 1)
      .execute()
  } catch (error) {
    logger.error({ err: error }, `Failed to load the ${page} page's testimonials; showing the built-in ones`)
    return fallback.map((testimonial) => ({ ...testimonial, reviewUrl: null }))
  }
}

export async function getTestimonial(db: Db, id: string): Promise<TestimonialRecord | undefined> {
  const row = await db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst()
  return row && testimonialOf(row)
}

/** Creates a testimonial, after the others, or saves over the version the editor loaded. */
export async function saveTestimonial(db: Db, { showOnHome, showOnAbout, reviewUrl, ...fields }: TestimonialFields, edit: RecordEdit) {
  const columns = { ...fields, review_url: reviewUrl, show_on_home: Number(showOnHome), show_on_about: Number(showOnAbout) }
  return saveAtVersion(
    db,
    'testimonials',
    edit.existing ? columns : { ...columns, position: await positionAfterLast(db, 'testimonials') },
    edit,
  )
}

/** Deletes the version of a testimonial the list showed. */
export const deleteTestimonial = (db: Db, id: string, version: string) => deleteAtVersion(db, 'testimonials', id, version)
