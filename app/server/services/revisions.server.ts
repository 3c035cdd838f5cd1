import { diffLines, diffWordsWithSpace } from 'diff'
import type { LoadContext } from '~/server/services/load-context.server'
import { BLOCKS } from '~/lib/blocks/catalog'
import type { Fields } from '~/lib/blocks/fields'
import { formatDateTime } from '~/lib/dates'
import type { Block, PageContent } from '~/lib/page-content'
import type { Db, RevisionAction, RevisionType } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { addRevision, getRevision } from '~/server/repositories/revisions.server'
import { removeRecordFromTrash } from '~/server/repositories/trash.server'
import { getFileAt } from '~/server/repositories/files.server'
import { parseMediaUrl } from './media.server'
import { type AddressedRecord, keepLinksAfterSave } from './redirects.server'
import type { User } from './users.server'

/**
 * Which records keep revisions, how to read one as its editor does (with its version), and how a
 * restore writes one back, as the service that owns the record declares them (posts, case studies, pages).
 */
export interface RevisionSpec {
  type: RevisionType
  read: (db: Db, id: string) => Promise<RevisedRecord | undefined>
  /** What a restore keeps of the record as it stands: its address, and whatever else a revision must not undo. */
  kept: (current: RevisedRecord) => Record<string, unknown>
  /** Writes a restored record over the version shown, with the revision's image when it differs (null: the record's stays). */
  restoreOver: (
    db: Db,
    current: RevisedRecord,
    version: string,
    restored: Record<string, unknown>,
    image: string | null,
  ) => Promise<RestoreRefusal>
  /** Puts a deleted record back whole, under its old id. */
  reinsert: (db: Db, recordId: string, snapshot: Record<string, unknown>) => Promise<RestoreRefusal>
}

/** What the kit knows of every record that keeps revisions. */
export type RevisedRecord = AddressedRecord & { id: string; imageUrl: string | null; version: string }

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
  const revisionId = await addRevision(
    db,
    { type: spec.type, recordId: change.recordId, action: change.action, snapshot, userEmail: change.user.email },
    context.config.revisionsKept,
  )
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
 * author, search fields, and its image while that file is still stored), with what the record's
 * spec keeps as it is now (its address; a post's publishing too).
 */
async function restoredRecord(
  db: Db,
  spec: RevisionSpec,
  current: RevisedRecord,
  snapshot: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const imageUrl = snapshot.imageUrl as string | null | undefined
  const image = imageUrl !== current.imageUrl && !(await imageKept(db, imageUrl ?? null)) ? { imageUrl: current.imageUrl } : {}
  return { ...snapshot, ...spec.kept(current), ...image, id: current.id }
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
    if (!current) {
      const refusal = await reinsertDeleted(trx, context, spec, { recordId, revision, user: change.user })
      // Brought back from its history, the record is no longer in the Trash.
      if (!refusal) await removeRecordFromTrash(trx, spec.type, recordId)
      return refusal
    }
    const refusal = await restoreOver(trx, spec, current, change.version ?? '', await restoredRecord(trx, spec, current, revision.snapshot))
    if (refusal) return refusal
    const restored = await spec.read(trx, recordId)
    if (restored) await keepLinksAfterSave(trx, spec.type, current, restored)
    await keepRevision(trx, context, spec, { recordId, action: 'restored', user: change.user, restoredFrom: revision.createdAt })
    return null
  })
}

/**
 * Puts a deleted record back whole, under its old id and address, with the image its deletion kept,
 * in the caller's transaction (a restore from its history or from the Trash). `finish` writes what
 * the revision does not hold (a page's live version) before the 'restored' revision is kept.
 */
export async function reinsertDeleted(
  trx: Db,
  context: LoadContext,
  spec: RevisionSpec,
  change: {
    recordId: string
    revision: { createdAt: string; snapshot: Record<string, unknown> }
    user: User
    finish?: (trx: Db) => Promise<void>
  },
): Promise<RestoreRefusal> {
  const { recordId, revision } = change
  if (await spec.read(trx, recordId)) return 'id-taken'
  const refusal = await spec.reinsert(trx, recordId, revision.snapshot)
  if (refusal) return refusal
  await change.finish?.(trx)
  const restored = await spec.read(trx, recordId)
  if (restored) await keepLinksAfterSave(trx, spec.type, null, restored)
  await keepRevision(trx, context, spec, { recordId, action: 'restored', user: change.user, restoredFrom: revision.createdAt })
  return null
}

/** Writes a restored record over the version shown; an image that differs is the revision's, still stored. */
function restoreOver(
  db: Db,
  spec: RevisionSpec,
  current: RevisedRecord,
  version: string,
  restored: Record<string, unknown>,
): Promise<RestoreRefusal> {
  const image = restored.imageUrl !== current.imageUrl ? (restored.imageUrl as string) : null
  return spec.restoreOver(db, current, version, restored, image)
}

/** Whether an image address still shows something: a static file, or one of ours still stored. */
export async function imageKept(db: Db, url: string | null): Promise<boolean> {
  const stored = parseMediaUrl(url)
  return url !== null && (!stored || (await getFileAt(db, stored.bucket, stored.path)) !== undefined)
}

/** The fields a comparison shows, in the editor's order, with the editor's labels (a page's come from its blocks). */
const FIELDS: Record<Exclude<RevisionType, 'page'>, [key: string, label: string][]> = {
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
    ['published', 'Published'],
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
  if (typeof value === 'object')
    return Object.values(value)
      .filter((part) => part !== null && part !== false)
      .map((part) => (part === true ? 'Yes' : String(part)))
      .join(' · ')
  return String(value)
}

/** A block's words, one field a line ('Title: …'), a list's items each on a line of their own. */
function blockText(fields: Fields, data: Record<string, unknown>): string {
  return Object.entries(fields)
    .flatMap(([name, field]) => {
      const value = data[name]
      if (field.kind === 'list' && Array.isArray(value))
        return value.map((item, index) => `${field.itemLabel} ${index + 1}: ${blockText(field.fields, item as Record<string, unknown>)}`)
      const text = asText(value)
      return text ? [`${field.label}: ${text}`] : []
    })
    .join('\n')
}

/**
 * A page revision as the comparison reads it: its name and path, its search words, the order of its
 * blocks, then each block's words, keyed by the block's id so a moved block compares with itself.
 */
function pageComparison(snapshot: Record<string, unknown>): { values: Record<string, unknown>; fields: [string, string][] } {
  const content = snapshot.content as PageContent | undefined
  const blocks = content?.blocks ?? []
  const label = (block: Block) => BLOCKS[block.type]?.label ?? block.type
  const values: Record<string, unknown> = {
    title: snapshot.title,
    slug: snapshot.slug,
    pageTitle: content?.title,
    description: content?.description,
    search: content?.search,
    blocks: blocks.map((block) => `${label(block)}${block.hidden ? ' (hidden)' : ''}`),
  }
  const fields: [string, string][] = [
    ['title', 'Name'],
    ['slug', 'Path'],
    ['pageTitle', 'Title'],
    ['description', 'Description'],
    ['search', 'Search and sharing'],
    ['blocks', 'Blocks'],
  ]
  blocks.forEach((block, index) => {
    values[`block:${block.id}`] = blockText(BLOCKS[block.type]?.fields ?? {}, block.data as Record<string, unknown>)
    fields.push([`block:${block.id}`, `${label(block)} (block ${index + 1})`])
  })
  return { values, fields }
}

/** Two snapshots as the comparison reads them, with the fields it shows in the editor's order. */
function compared(type: RevisionType, older: Record<string, unknown>, newer: Record<string, unknown>) {
  if (type !== 'page') return { fields: FIELDS[type], older, newer }
  const [before, after] = [pageComparison(older), pageComparison(newer)]
  // A removed block is listed after the newer revision's blocks.
  const keys = new Set(after.fields.map(([key]) => key))
  return { fields: [...after.fields, ...before.fields.filter(([key]) => !keys.has(key))], older: before.values, newer: after.values }
}

/** The fields that differ between two snapshots (as `compared` reads them), in the editor's order. */
const differing = ({ fields, older, newer }: ReturnType<typeof compared>) =>
  fields.filter(([key]) => asText(older[key]) !== asText(newer[key]))

/**
 * What changed from one revision to another, field by field (unchanged fields are left out). A
 * publish time reads as a moment in `timeZone`, to the second, as the History screen shows them.
 */
export function revisionChanges(
  type: RevisionType,
  older: Record<string, unknown>,
  newer: Record<string, unknown>,
  timeZone: string,
): { label: string; parts: ChangePart[] }[] {
  const pair = compared(type, older, newer)
  return differing(pair).map(([key, label]) => {
    const shown = (value: unknown) =>
      key === 'publishedAt' && typeof value === 'string' ? formatDateTime(value, timeZone, { seconds: true }) : asText(value)
    const [before, after] = [shown(pair.older[key]), shown(pair.newer[key])]
    // Long text (a post's, a page's block) is compared line by line, the rest word by word.
    const parts = key === 'content' || key.startsWith('block:') ? diffLines(before, after) : diffWordsWithSpace(before, after)
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
export async function restorePreviews(
  db: Db,
  spec: RevisionSpec,
  current: RevisedRecord,
  revisionIds: string[],
): Promise<Record<string, RestorePreview>> {
  const { version: _version, ...now } = current
  const previews = await Promise.all(
    revisionIds.map(async (id) => {
      const revision = await getRevision<Record<string, unknown>>(db, spec.type, current.id, id)
      if (!revision) return []
      const restored = await restoredRecord(db, spec, current, revision.snapshot)
      const changes = differing(compared(spec.type, now, restored)).map(([, label]) => label)
      return [[id, { changes, keepsImage: restored.imageUrl !== (revision.snapshot.imageUrl ?? null) }] as const]
    }),
  )
  return Object.fromEntries(previews.flat())
}
