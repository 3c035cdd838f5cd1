import { diffLines, diffWordsWithSpace } from 'diff'
import type { LoadContext } from '~/load-context'
import { formatDateTime } from '~/lib/dates'
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
import { addRevision, getRevision, listDeletedRecords } from '~/server/repositories/revisions.server'
import { getFileAt } from '~/server/repositories/files.server'
import { deleteMediaFile, parseMediaUrl } from './media.server'
import { type AddressedRecord, keepLinksAfterSave } from './redirects.server'
import type { User } from './users.server'

/** Which records keep revisions, and how to read one as its editor does (with its version). */
export interface RevisionSpec {
  type: RevisionType
  read: (db: Db, id: string) => Promise<RevisedRecord | undefined>
}

/** What the kit knows of every record that keeps revisions. */
type RevisedRecord = AddressedRecord & { id: string; imageUrl: string | null; version: string }

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
  change: { recordId: string; action: RevisionAction; user: User; snapshot?: object; restoredFrom?: string },
): Promise<void> {
  const snapshot = change.snapshot ?? (await snapshotOf(db, spec, change.recordId))
  if (!snapshot) return
  const revisionId = await addRevision(db, { type: spec.type, recordId: change.recordId, action: change.action, snapshot, userEmail: change.user.email }, context.config.revisionsKept)
  const title = (snapshot as { title?: unknown }).title
  await recordActivity(db, {
    user_email: change.user.email,
    action: change.action,
    record_type: spec.type,
    record_id: change.recordId,
    title: typeof title === 'string' ? title : null,
    revision_id: revisionId,
    restored_revision_at: change.restoredFrom ?? null,
  })
}

/** Why a revision could not be brought back, in the words the screen shows; null when it was. */
export type RestoreRefusal = 'stale' | 'gone' | 'slug-taken' | 'author-gone' | 'id-taken' | 'image-gone' | null

/**
 * The record a restore of `snapshot` over `current` writes: the revision's content (text, tags,
 * author, search fields, and its image while that file is still stored), with the record's address
 * and, for a post, its publish state and time as they are now. A restore brings back words, not a
 * publishing decision: the first draft of a live post must not take it off the site, nor move it.
 */
async function restoredRecord(db: Db, type: RevisionType, current: RevisedRecord, snapshot: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { version: _version, ...now } = current
  const imageUrl = snapshot.imageUrl as string | null | undefined
  const image = imageUrl !== current.imageUrl && !(await imageKept(db, imageUrl ?? null)) ? { imageUrl: current.imageUrl } : {}
  const kept = type === 'post' ? { slug: now.slug, published: now.published, publishedAt: now.publishedAt } : { slug: now.slug }
  return { ...snapshot, ...kept, ...image, id: now.id }
}

/**
 * Brings a revision back and keeps the result as a new 'restored' revision, so history only grows;
 * the activity line names the revision by when it was made. Over a record that exists: what
 * `restoredRecord` says, at the version the screen showed. A deleted record comes back whole, under
 * its old id and address, with the image its deletion kept.
 */
export async function restoreRevision(
  db: Db,
  context: LoadContext,
  spec: RevisionSpec,
  change: { recordId: string; version: string | null; revision: { createdAt: string; snapshot: Record<string, unknown> }; user: User },
): Promise<RestoreRefusal> {
  const { recordId, revision } = change
  return db.transaction().execute(async (trx) => {
    const current = await spec.read(trx, recordId)
    const refusal = current
      ? await restoreOver(trx, spec.type, current, change.version ?? '', await restoredRecord(trx, spec.type, current, revision.snapshot))
      : spec.type === 'post'
        ? await reinsertPost(trx, recordId, revision.snapshot)
        : await reinsertStudy(trx, recordId, revision.snapshot)
    if (refusal) return refusal
    const restored = await spec.read(trx, recordId)
    if (restored) await keepLinksAfterSave(trx, spec.type, current, restored)
    await keepRevision(trx, context, spec, { recordId, action: 'restored', user: change.user, restoredFrom: revision.createdAt })
    return null
  })
}

/** Writes a restored record over the version shown; an image that differs is the revision's, still stored. */
async function restoreOver(db: Db, type: RevisionType, current: RevisedRecord, version: string, restored: Record<string, unknown>): Promise<RestoreRefusal> {
  const image = restored.imageUrl !== current.imageUrl ? (restored.imageUrl as string) : null
  if (type === 'case-study') {
    const { outcome } = await updateCaseStudy(db, current.id, version, studyFields(current.id, restored).fields, image)
    return outcome === 'saved' ? null : outcome
  }
  const checked = await postFields(db, current.id, restored)
  if ('refusal' in checked) return checked.refusal
  const { outcome } = await updatePost(db, current.id, version, checked.fields, image)
  return outcome === 'saved' ? null : outcome
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
  return url !== null && (!stored || (await getFileAt(db, stored.bucket, stored.path)) !== undefined)
}

/**
 * A case study revision's fields, as the repository saves them. Revisions from before studies had
 * a slug and search fields were at their id, with none.
 */
function studyFields(recordId: string, snapshot: Record<string, unknown>): { fields: CaseStudyFields; imageUrl: string } {
  const { id: _id, imageUrl, ...fields } = snapshot as unknown as CaseStudyRecord
  return { fields: { ...fields, headline: fields.headline ?? null, slug: fields.slug ?? recordId, search: fields.search ?? NO_SEARCH_FIELDS }, imageUrl }
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

/** The fields that differ between two snapshots, in the editor's order. */
const differing = (type: RevisionType, older: Record<string, unknown>, newer: Record<string, unknown>) => FIELDS[type].filter(([key]) => asText(older[key]) !== asText(newer[key]))

/**
 * What changed from one revision to another, field by field (unchanged fields are left out). A
 * publish time reads as a moment in `timeZone`, to the second, as the History screen shows them.
 */
export function revisionChanges(type: RevisionType, older: Record<string, unknown>, newer: Record<string, unknown>, timeZone: string): { label: string; parts: ChangePart[] }[] {
  return differing(type, older, newer).map(([key, label]) => {
    const shown = (value: unknown) => (key === 'publishedAt' && typeof value === 'string' ? formatDateTime(value, timeZone, { seconds: true }) : asText(value))
    const [before, after] = [shown(older[key]), shown(newer[key])]
    // Long text is compared line by line, the rest word by word.
    const parts = key === 'content' ? diffLines(before, after) : diffWordsWithSpace(before, after)
    return { label, parts: parts.map((part) => ({ value: part.value, change: part.added ? 'added' : part.removed ? 'removed' : 'kept' })) }
  })
}

/** What restoring one revision over the record as it is would do, for the question asked first. */
export interface RestorePreview {
  /** The labels of the fields that would change. */
  changes: string[]
  /** The revision has an image other than the record's that is no longer stored, so the record's stays. */
  keepsImage: boolean
}

/** For each revision of an existing record, what restoring it would change (the same rule as the restore). */
export async function restorePreviews(db: Db, spec: RevisionSpec, current: RevisedRecord, revisionIds: string[]): Promise<Record<string, RestorePreview>> {
  const { version: _version, ...now } = current
  const previews = await Promise.all(
    revisionIds.map(async (id) => {
      const revision = await getRevision<Record<string, unknown>>(db, spec.type, current.id, id)
      if (!revision) return []
      const restored = await restoredRecord(db, spec.type, current, revision.snapshot)
      const changes = differing(spec.type, now, restored).map(([, label]) => label)
      return [[id, { changes, keepsImage: restored.imageUrl !== (revision.snapshot.imageUrl ?? null) }] as const]
    }),
  )
  return Object.fromEntries(previews.flat())
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
