import type { CaseStudy } from '~/content/types'
import { nowIso } from '~/lib/ids'
import { slugify } from '~/lib/slugify'
import type { CaseStudiesTable, Db } from './db/schema.server'

function toCaseStudy(row: CaseStudiesTable): CaseStudy {
  return {
    id: row.id,
    title: row.title,
    client: row.client,
    industry: row.industry,
    briefDesc: row.brief_desc,
    challenge: row.challenge,
    solution: row.solution,
    results: JSON.parse(row.results) as string[],
    image: row.image,
    testimonial: { quote: row.testimonial_quote, author: row.testimonial_author, position: row.testimonial_position },
    tags: JSON.parse(row.tags) as string[],
  }
}

/** Every case study in the order the admin arranged them. */
export async function listCaseStudies(db: Db): Promise<CaseStudy[]> {
  const rows = await db.selectFrom('case_studies').selectAll().orderBy('position').orderBy('id').execute()
  return rows.map(toCaseStudy)
}

/** The studies with these ids, in the order the ids are given; missing ids are skipped. */
export async function getCaseStudiesByIds(db: Db, ids: string[]): Promise<CaseStudy[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('case_studies').selectAll().where('id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, toCaseStudy(r)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** A study as the editor shows it: its content and its place in the list. */
export interface CaseStudyRecord extends CaseStudy {
  position: number
}

export async function getCaseStudy(db: Db, id: string): Promise<CaseStudyRecord | undefined> {
  const row = await db.selectFrom('case_studies').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { ...toCaseStudy(row), position: row.position }
}

/** Industries already in use, for suggesting them: one spelling each keeps the public tabs together. */
export async function listIndustries(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('case_studies').select('industry').distinct().orderBy('industry').execute()
  return rows.map((r) => r.industry)
}

/**
 * The spelling another study already uses for this industry ('healthcare' -> 'Healthcare'), so a
 * different capitalisation does not open a tab of its own on the public page; else as typed.
 */
export async function knownIndustrySpelling(db: Db, industry: string, exceptId?: string): Promise<string> {
  let query = db.selectFrom('case_studies').select('industry').orderBy('position')
  if (exceptId) query = query.where('id', '!=', exceptId)
  const rows = await query.execute()
  return rows.find((r) => r.industry.toLowerCase() === industry.toLowerCase())?.industry ?? industry
}

/** Everything but the id, which is made from the title once and never changes. */
export interface CaseStudyFields extends Omit<CaseStudy, 'id'> {
  /** null puts the study after all the others. */
  position: number | null
}

function columnsOf(fields: CaseStudyFields, position: number) {
  return {
    title: fields.title,
    client: fields.client,
    industry: fields.industry,
    brief_desc: fields.briefDesc,
    challenge: fields.challenge,
    solution: fields.solution,
    results: JSON.stringify(fields.results),
    image: fields.image,
    testimonial_quote: fields.testimonial.quote,
    testimonial_author: fields.testimonial.author,
    testimonial_position: fields.testimonial.position,
    tags: JSON.stringify(fields.tags),
    position,
  }
}

async function nextPosition(db: Db, exceptId?: string): Promise<number> {
  let query = db.selectFrom('case_studies').select((eb) => eb.fn.max('position').as('last'))
  if (exceptId) query = query.where('id', '!=', exceptId)
  const { last } = await query.executeTakeFirstOrThrow()
  return last === null ? 0 : Number(last) + 1
}

const MAX_ID_LENGTH = 60
/** Ids that would clash with something else: /admin/case-studies/edit/new is the create screen, #main the page's main element. */
const RESERVED_IDS = new Set(['new', 'main'])

/** The title's words, lower case, joined by hyphens and cut at a word within 60 characters. */
function idFromTitle(title: string): string {
  const slug = slugify(title)
  if (slug.length <= MAX_ID_LENGTH) return slug || 'case-study'
  const head = slug.slice(0, MAX_ID_LENGTH + 1)
  const lastBreak = head.lastIndexOf('-')
  return lastBreak > 0 ? head.slice(0, lastBreak) : slug.slice(0, MAX_ID_LENGTH)
}

/** `base`, or `base-2`, `base-3` ... whichever is free first. */
async function firstFreeId(db: Db, base: string): Promise<string> {
  // Slugs hold no '%' or '_', so the pattern matches only the suffixed forms.
  const rows = await db
    .selectFrom('case_studies')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', base), eb('id', 'like', `${base}-%`)]))
    .execute()
  const taken = new Set([...RESERVED_IDS, ...rows.map((r) => r.id)])
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}

const ID_ATTEMPTS = 5

/**
 * Inserts a study under an id made from its title and returns the id. Two admins saving the same
 * title at once cannot both get it: the loser's insert does nothing and it takes the next free id.
 */
export async function createCaseStudy(db: Db, fields: CaseStudyFields, now = nowIso()): Promise<string> {
  const base = idFromTitle(fields.title)
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const id = await firstFreeId(db, base)
    const position = fields.position ?? (await nextPosition(db))
    const inserted = await db
      .insertInto('case_studies')
      .values({ id, ...columnsOf(fields, position), created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return inserted.id
  }
  throw new Error(`No free case study id for "${base}" after ${ID_ATTEMPTS} attempts`)
}

/** Replaces every field but the id; false when there is no such study. */
export async function updateCaseStudy(db: Db, id: string, fields: CaseStudyFields, now = nowIso()): Promise<boolean> {
  const position = fields.position ?? (await nextPosition(db, id))
  const result = await db
    .updateTable('case_studies')
    .set({ ...columnsOf(fields, position), updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Deletes a study; returns its image, for removing the file, or undefined when there was none such. */
export async function deleteCaseStudy(db: Db, id: string): Promise<{ image: string } | undefined> {
  return db.deleteFrom('case_studies').where('id', '=', id).returning('image').executeTakeFirst()
}
