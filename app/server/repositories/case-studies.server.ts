import type { CaseStudy } from '~/content/types'
import { nowIso } from '~/lib/ids'
import { slugify } from '~/lib/slugify'
import type { SearchFields } from '~/lib/search-fields'
import type { Selectable } from 'kysely'
import type { CaseStudiesTable, Db } from '~/server/db/schema.server'
import { imageUsesOf, type ImageUse } from '~/server/repositories/files.server'
import { searchColumns, searchFieldsOfRow } from '~/server/repositories/page-search-fields.server'
import { deleteAtVersion, positionAfterLast, type RecordWrite, recordWrite, updateAtVersion } from '~/server/repositories/versions.server'

/** A stored study: its address (slug) and how it shows in search results and shares. */
export interface StoredCaseStudy extends CaseStudy {
  slug: string
  search: SearchFields
}

/** A study as the back office sees it: also whether visitors see it (a draft when not), and its version. */
export interface CaseStudyRecord extends StoredCaseStudy {
  published: boolean
  version: string
}

/**
 * What an editor saves: everything but the id, which is made from the title once and never changes,
 * and the image, which the media service attaches. The list orders studies; a new one goes last.
 */
export type CaseStudyFields = Omit<CaseStudyRecord, 'id' | 'imageUrl' | 'version'>

type Row = Selectable<CaseStudiesTable>

function studyOf(row: Row): StoredCaseStudy {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    client: row.client,
    industry: row.industry,
    briefDesc: row.brief_desc,
    challenge: row.challenge,
    solution: row.solution,
    results: JSON.parse(row.results) as string[],
    imageUrl: row.image,
    testimonial: { quote: row.testimonial_quote, author: row.testimonial_author, position: row.testimonial_position },
    tags: JSON.parse(row.tags) as string[],
    headline: row.headline_figure && row.headline_label ? { figure: row.headline_figure, label: row.headline_label } : null,
    search: searchFieldsOfRow(row),
  }
}

const recordOf = (row: Row): CaseStudyRecord => ({ ...studyOf(row), published: row.published === 1, version: row.updated_at })

/** Every study in the order the admin arranged them. */
const inOrder = (db: Db) => db.selectFrom('case_studies').selectAll().orderBy('position').orderBy('id')

/** The studies visitors see (drafts left out), in order: the public pages, their blocks and the playbook. */
export async function listCaseStudies(db: Db): Promise<StoredCaseStudy[]> {
  return (await inOrder(db).where('published', '=', 1).execute()).map(studyOf)
}

/** Every study, drafts too: the back office's list. */
export async function listCaseStudiesForAdmin(db: Db): Promise<CaseStudyRecord[]> {
  return (await inOrder(db).execute()).map(recordOf)
}

/** Each study's address and last change, for the sitemap: those published and not hidden from search engines. */
export async function listCaseStudyDates(db: Db): Promise<{ slug: string; updatedAt: string }[]> {
  return db
    .selectFrom('case_studies')
    .select(['slug', 'updated_at as updatedAt'])
    .where('noindex', '=', 0)
    .where('published', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/** The published studies with these ids, in the order the ids are given; missing ids and drafts are skipped. */
export async function getCaseStudiesByIds(db: Db, ids: string[]): Promise<StoredCaseStudy[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('case_studies').selectAll().where('id', 'in', ids).where('published', '=', 1).execute()
  const byId = new Map(rows.map((r) => [r.id, studyOf(r)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export async function getCaseStudy(db: Db, id: string): Promise<CaseStudyRecord | undefined> {
  const row = await db.selectFrom('case_studies').selectAll().where('id', '=', id).executeTakeFirst()
  return row && recordOf(row)
}

/** The study at /case-studies/{slug}, draft or published, and when it last changed, or undefined. */
export async function getCaseStudyBySlug(
  db: Db,
  slug: string,
): Promise<(StoredCaseStudy & { published: boolean; updatedAt: string }) | undefined> {
  const row = await db.selectFrom('case_studies').selectAll().where('slug', '=', slug).executeTakeFirst()
  return row && { ...studyOf(row), published: row.published === 1, updatedAt: row.updated_at }
}

/** True when another study (not `exceptId`) already has this slug. */
export async function isCaseStudySlugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('case_studies').select('id').where('slug', '=', slug)
  if (exceptId) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
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
async function knownIndustrySpelling(db: Db, industry: string, exceptId?: string): Promise<string> {
  let query = db.selectFrom('case_studies').select('industry').orderBy('position')
  if (exceptId) query = query.where('id', '!=', exceptId)
  const rows = await query.execute()
  return rows.find((r) => r.industry.toLowerCase() === industry.toLowerCase())?.industry ?? industry
}

/** The columns a save writes (all but id, image, position and times), for the study `exceptId` or a new one. */
async function columnsOf(db: Db, fields: CaseStudyFields, exceptId?: string) {
  return {
    title: fields.title,
    slug: fields.slug,
    client: fields.client,
    industry: await knownIndustrySpelling(db, fields.industry, exceptId),
    brief_desc: fields.briefDesc,
    challenge: fields.challenge,
    solution: fields.solution,
    results: JSON.stringify(fields.results),
    testimonial_quote: fields.testimonial.quote,
    testimonial_author: fields.testimonial.author,
    testimonial_position: fields.testimonial.position,
    tags: JSON.stringify(fields.tags),
    headline_figure: fields.headline?.figure ?? null,
    headline_label: fields.headline?.label ?? null,
    ...searchColumns(fields.search),
    published: Number(fields.published),
  }
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

/** `base`, or `base-2`, `base-3` ... whichever is free first, as an id and as a slug (a new study's slug defaults to its id). */
async function firstFreeId(db: Db, base: string): Promise<string> {
  // Slugs hold no '%' or '_', so the pattern matches only the suffixed forms.
  const rows = await db
    .selectFrom('case_studies')
    .select(['id', 'slug'])
    .where((eb) => eb.or([eb('id', '=', base), eb('id', 'like', `${base}-%`), eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute()
  const taken = new Set([...RESERVED_IDS, ...rows.flatMap((r) => [r.id, r.slug])])
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}

const ID_ATTEMPTS = 5

/** The columns under the first free id; an empty slug takes the id, the study's first address. */
async function withFreeId<C extends { slug: string }>(db: Db, base: string, columns: C) {
  const id = await firstFreeId(db, base)
  return { ...columns, id, slug: columns.slug || id }
}

/**
 * Inserts a study under an id made from its title. Two admins saving the same title at once cannot
 * both get it: the loser's insert does nothing and it takes the next free id.
 */
export async function createCaseStudy(db: Db, fields: CaseStudyFields, imageUrl: string): Promise<RecordWrite & { id: string }> {
  const base = idFromTitle(fields.title)
  const columns = await columnsOf(db, fields)
  const now = nowIso()
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const inserted = await db
      .insertInto('case_studies')
      .values({
        ...(await withFreeId(db, base, columns)),
        image: imageUrl,
        position: await positionAfterLast(db, 'case_studies'),
        created_at: now,
        updated_at: now,
      })
      // Any clash, of the id or of the slug it defaults to, means another save took them first.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return { outcome: 'saved', id: inserted.id }
  }
  throw new Error(`No free case study id for "${base}" after ${ID_ATTEMPTS} attempts`)
}

/** Puts a deleted study back under its old id, last in the list; 'gone' when another study has taken that id since. */
export async function reinsertCaseStudy(db: Db, id: string, fields: CaseStudyFields, imageUrl: string): Promise<RecordWrite> {
  const now = nowIso()
  const inserted = await db
    .insertInto('case_studies')
    .values({
      id,
      ...(await columnsOf(db, fields)),
      image: imageUrl,
      position: await positionAfterLast(db, 'case_studies'),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst()
  return { outcome: inserted ? 'saved' : 'gone' }
}

/** Saves every field but the id over the version the editor loaded; a new image replaces the old one, none keeps it. */
export async function updateCaseStudy(
  db: Db,
  id: string,
  version: string,
  fields: CaseStudyFields,
  newImage: string | null,
): Promise<RecordWrite> {
  const before = newImage ? await getCaseStudy(db, id) : undefined
  const outcome = await updateAtVersion(db, 'case_studies', id, version, {
    ...(await columnsOf(db, fields, id)),
    ...(newImage && { image: newImage }),
  })
  return recordWrite(outcome, before?.imageUrl)
}

/** Deletes the version of a study the list showed; its image goes with it. */
export const deleteCaseStudy = (db: Db, id: string, version: string) => deleteAtVersion(db, 'case_studies', id, version)

/** Case studies showing one of our uploaded images, as their picture or social image. */
export async function caseStudyImageUses(db: Db): Promise<ImageUse[]> {
  const rows = await db
    .selectFrom('case_studies')
    .select(['id', 'title', 'image', 'social_image'])
    .where((eb) => eb.or([eb('image', 'like', '/media/%'), eb('social_image', 'like', '/media/%')]))
    .execute()
  return imageUsesOf(rows, (row) => ({ recordId: row.id, title: row.title }), [
    ['image', 'Picture'],
    ['social_image', 'Social image'],
  ])
}
