import { diffLines, diffWordsWithSpace } from 'diff'
import type { LoadContext } from '~/load-context'
import { nowIso } from '~/lib/ids'
import { NO_SEARCH_FIELDS } from '~/lib/search-fields'
import type { Db, RevisionAction, RevisionType } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { getAuthor } from '~/server/repositories/authors.server'
import {
  getCaseStudy,
  isCaseStudySlugTaken,
  reinsertCaseStudy,
  updateCaseStudy,
  type CaseStudyFields,
  type CaseStudyRecord,
} from '~/server/repositories/case-studies.server'
import { createPost, getPostForEditor, isSlugTaken, updatePost, type Post, type PostFields } from '~/server/repositories/posts.server'
import { addRevision, listDeletedRecords } from '~/server/repositories/revisions.server'
import { deleteMediaFile, parseMediaUrl, readFile } from './media.server'
import { type AddressedRecord, keepLinksAfterSave } from './redirects.server'
import type { User } from './users.server'

/** Which records keep revisions, and how to read one as its editor does (with its version). */
export interface RevisionSpec {
  type: RevisionType
  read: (db: Db, id: string) => Promise<(AddressedRecord & { version: string }) | undefined>
}

export const postRevisions: RevisionSpec = { type: 'post', read: getPostForEditor }
export const caseStudyRevisions: RevisionSpec = { type: 'case-study', read: getCaseStudy }

/** The record as a revision keeps it: everything but its version stamp. */
export async function snapshotOf(db: Db, spec: RevisionSpec, id: string): Promise<object | undefined> {
  const record = await spec.read(db, id)
  if (!record) return undefined
  const { version: _version, ...kept } = record
  return kept
}

/**
 * Keeps the record as `db` now sees it as a revision by `user`, and the change in the activity log:
 * inside the write's transaction, so the save, its revision and its log line land together. A delete
 * passes the snapshot it read before deleting.
 */
export async function keepRevision(
  db: Db,
  context: LoadContext,
  spec: RevisionSpec,
  change: { recordId: string; action: RevisionAction; user: User; snapshot?: object },
): Promise<void> {
  const snapshot = change.snapshot ?? (await snapshotOf(db, spec, change.recordId))
  if (!snapshot) return
  const revisionId = await addRevision(db, { type: spec.type, recordId: change.recordId, action: change.action, snapshot, userEmail: change.user.email }, context.config.revisionsKept)
  const title = (snapshot as { title?: unknown }).title
  await recordActivity(db, { user_email: change.user.email, action: change.action, record_type: spec.type, record_id: change.recordId, title: typeof title === 'string' ? title : null, revision_id: revisionId })
}

/** Why a revision could not be brought back, in the words the screen shows; null when it was. */
export type RestoreRefusal = 'stale' | 'gone' | 'slug-taken' | 'author-gone' | 'id-taken' | 'image-gone' | null

/**
 * Brings a revision back and keeps the result as a new 'restored' revision, so history only grows.
 * Over a record that exists: its text, at the version the screen showed (the image stays as it is:
 * a replaced image's file is not kept). A deleted record comes back whole, under its old id, with
 * the image its deletion kept.
 */
export async function restoreRevision(
  db: Db,
  context: LoadContext,
  spec: RevisionSpec,
  change: { recordId: string; version: string | null; snapshot: Record<string, unknown>; user: User },
): Promise<RestoreRefusal> {
  return db.transaction().execute(async (trx) => {
    const current = await spec.read(trx, change.recordId)
    const over = { ...change, version: change.version ?? '' }
    const refusal = current !== undefined
      ? spec.type === 'post'
        ? await restorePost(trx, over)
        : await restoreCaseStudy(trx, over)
      : spec.type === 'post'
        ? await reinsertPost(trx, change.recordId, change.snapshot)
        : await reinsertStudy(trx, change.recordId, change.snapshot)
    if (refusal) return refusal
    const restored = await spec.read(trx, change.recordId)
    if (restored) await keepLinksAfterSave(trx, spec.type, current, restored)
    await keepRevision(trx, context, spec, { recordId: change.recordId, action: 'restored', user: change.user })
    return null
  })
}

/** A post revision's fields, or why they cannot be written now. */
async function postFields(db: Db, recordId: string, snapshot: Record<string, unknown>): Promise<{ refusal: RestoreRefusal } | { fields: PostFields; imageUrl: string | null }> {
  const post = snapshot as unknown as Post
  if (await isSlugTaken(db, post.slug, recordId)) return { refusal: 'slug-taken' }
  if (!(await getAuthor(db, post.authorId))) return { refusal: 'author-gone' }
  const { title, slug, content, excerpt, published, publishedAt, authorId, tags } = post
  // Revisions from before posts had search fields have none.
  return { fields: { title, slug, content, excerpt, published, publishedAt, authorId, tags, search: post.search ?? NO_SEARCH_FIELDS }, imageUrl: post.imageUrl }
}

async function restorePost(db: Db, { recordId, version, snapshot }: { recordId: string; version: string; snapshot: Record<string, unknown> }): Promise<RestoreRefusal> {
  const checked = await postFields(db, recordId, snapshot)
  if ('refusal' in checked) return checked.refusal
  const { outcome } = await updatePost(db, recordId, version, checked.fields, null)
  return outcome === 'saved' ? null : outcome
}

async function reinsertPost(db: Db, recordId: string, snapshot: Record<string, unknown>): Promise<RestoreRefusal> {
  const checked = await postFields(db, recordId, snapshot)
  if ('refusal' in checked) return checked.refusal
  // An older revision's image may have been replaced (and its file deleted) before the post was.
  await createPost(db, checked.fields, (await imageKept(db, checked.imageUrl)) ? checked.imageUrl : null, nowIso(), recordId)
  return null
}

/** Whether an image address still shows something: a static file, or one of ours still stored. */
async function imageKept(db: Db, url: string | null): Promise<boolean> {
  const stored = parseMediaUrl(url)
  return url !== null && (!stored || (await readFile(db, stored.bucket, stored.path)) !== undefined)
}

/**
 * A case study revision's fields, as the repository saves them. Revisions from before studies had
 * a slug and search fields were at their id, with none.
 */
function studyFields(recordId: string, snapshot: Record<string, unknown>): { fields: CaseStudyFields; imageUrl: string } {
  const { id: _id, imageUrl, ...fields } = snapshot as unknown as CaseStudyRecord
  return { fields: { ...fields, headline: fields.headline ?? null, slug: fields.slug ?? recordId, search: fields.search ?? NO_SEARCH_FIELDS }, imageUrl }
}

async function restoreCaseStudy(db: Db, { recordId, version, snapshot }: { recordId: string; version: string; snapshot: Record<string, unknown> }): Promise<RestoreRefusal> {
  const { fields } = studyFields(recordId, snapshot)
  if (await isCaseStudySlugTaken(db, fields.slug, recordId)) return 'slug-taken'
  const { outcome } = await updateCaseStudy(db, recordId, version, fields, null)
  return outcome === 'saved' ? null : outcome
}

async function reinsertStudy(db: Db, recordId: string, snapshot: Record<string, unknown>): Promise<RestoreRefusal> {
  const { fields, imageUrl } = studyFields(recordId, snapshot)
  if (await isCaseStudySlugTaken(db, fields.slug, recordId)) return 'slug-taken'
  // A study needs its picture; an older revision's may have been replaced before the deletion.
  if (!(await imageKept(db, imageUrl))) return 'image-gone'
  const { outcome } = await reinsertCaseStudy(db, recordId, fields, imageUrl)
  return outcome === 'saved' ? null : 'id-taken'
}

/** The fields a comparison shows, in the editor's order, with the editor's labels. */
const FIELDS: Record<RevisionType, [key: string, label: string][]> = {
  post: [
    ['title', 'Title'],
    ['slug', 'Slug'],
    ['excerpt', 'Excerpt'],
    ['content', 'Content'],
    ['tags', 'Tags'],
    ['published', 'Published'],
    ['publishedAt', 'Publish time'],
    ['authorId', 'Author'],
    ['imageUrl', 'Featured image'],
    ['search', 'Search and sharing'],
  ],
  'case-study': [
    ['title', 'Title'],
    ['slug', 'Slug'],
    ['client', 'Client'],
    ['industry', 'Industry'],
    ['briefDesc', 'Brief description'],
    ['challenge', 'Challenge'],
    ['solution', 'Solution'],
    ['results', 'Results'],
    ['headline', 'Headline result'],
    ['testimonial', 'Testimonial'],
    ['tags', 'Tags'],
    ['position', 'Order'],
    ['imageUrl', 'Image'],
    ['search', 'Search and sharing'],
  ],
}

/** A part of a compared field: kept, added (in the newer) or removed (from the older). */
export interface ChangePart {
  value: string
  change: 'kept' | 'added' | 'removed'
}

/** A value as the comparison reads it: lists one item per line, a pair as 'figure: label', yes or no. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.join('\n')
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'object') return Object.values(value).filter((part) => part !== null && part !== false).map((part) => (part === true ? 'Yes' : String(part))).join(' · ')
  return String(value)
}

/** What changed from one revision to another, field by field (unchanged fields are left out). */
export function revisionChanges(type: RevisionType, older: Record<string, unknown>, newer: Record<string, unknown>): { label: string; parts: ChangePart[] }[] {
  return FIELDS[type].flatMap(([key, label]) => {
    const [before, after] = [asText(older[key]), asText(newer[key])]
    if (before === after) return []
    // Long text is compared line by line, the rest word by word.
    const parts = key === 'content' ? diffLines(before, after) : diffWordsWithSpace(before, after)
    return [{ label, parts: parts.map((part) => ({ value: part.value, change: part.added ? 'added' : part.removed ? 'removed' : 'kept' })) }]
  })
}

/** How long a deleted post or case study can be brought back. */
export const DELETED_KEPT_DAYS = 30

/** What a list screen offers to bring back: its records deleted within the last 30 days. */
export function recentlyDeleted(db: Db, spec: RevisionSpec, now = new Date()) {
  return listDeletedRecords(db, spec.type, new Date(now.getTime() - DELETED_KEPT_DAYS * 86_400_000).toISOString())
}

/**
 * Forgets records deleted more than 30 days ago (and not restored): their revisions go, and with
 * them every image file that no record and no other revision still uses.
 */
export async function forgetDeletedRecords(db: Db, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - DELETED_KEPT_DAYS * 86_400_000).toISOString()
  for (const spec of [postRevisions, caseStudyRevisions]) {
    const quiet = await db
      .selectFrom('revisions')
      .select('record_id')
      .where('record_type', '=', spec.type)
      .groupBy('record_id')
      .having((eb) => eb.fn.max('created_at'), '<', before)
      .execute()
    for (const { record_id: recordId } of quiet) {
      if (await spec.read(db, recordId)) continue
      await db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('revisions').select('snapshot').where('record_type', '=', spec.type).where('record_id', '=', recordId).execute()
        const images = new Set(rows.flatMap((row) => (JSON.parse(row.snapshot) as { imageUrl?: string | null }).imageUrl ?? []))
        await trx.deleteFrom('revisions').where('record_type', '=', spec.type).where('record_id', '=', recordId).execute()
        for (const url of images) if (!(await imageInUse(trx, url))) await deleteMediaFile(trx, url)
      })
    }
  }
}

async function imageInUse(db: Db, url: string): Promise<boolean> {
  const [post, study, revision] = await Promise.all([
    db.selectFrom('blog_posts').select('id').where('featured_image', '=', url).executeTakeFirst(),
    db.selectFrom('case_studies').select('id').where('image', '=', url).executeTakeFirst(),
    db.selectFrom('revisions').select('id').where('snapshot', 'like', `%${JSON.stringify(url)}%`).executeTakeFirst(),
  ])
  return Boolean(post ?? study ?? revision)
}
