import { atLeast } from '~/lib/admin-access'
import type { RecordSectionName } from '~/lib/admin-sections'
import { postHref } from '~/lib/blog-links'
import { caseStudyHref } from '~/lib/case-study-links'
import type { ActivityRecordType, Db, RevisionType, Schema } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import {
  addressHolder,
  addToTrash,
  getTrashed,
  removeFromTrash,
  takeFromTrash,
  type TrashedRecord,
  type TrashType,
} from '~/server/repositories/trash.server'
import { type OrderedTable, positionAfterLast } from '~/server/repositories/versions.server'
import { caseStudyRevisions } from './case-studies.server'
import type { LoadContext } from './load-context.server'
import { imageUses } from './media-library.server'
import { deleteMediaFile } from './media.server'
import { pageRevisions } from './pages.server'
import { postRevisions } from './posts.server'
import { reinsertDeleted, type RestoreRefusal, type RevisionSpec, snapshotOf } from './revisions.server'
import type { User } from './users.server'

/*
 * The Trash: every record deleted from a list waits here 30 days, then goes for good with the images
 * only it still held. Posts, case studies and pages come back through their revisions (the same
 * path as a restore from their history); team members, testimonials and authors as the row they
 * were, with their image. Each step is one transaction, so a restore racing an empty either lands
 * whole or finds the item gone.
 */

/** How long a deleted record waits in the Trash. */
export const TRASH_KEPT_DAYS = 30
const DAY_MS = 86_400_000

type RowTable = Extract<keyof Schema, 'team_members' | 'testimonials' | 'authors'>

interface Kind {
  /** What the Trash calls it. */
  label: string
  section: RecordSectionName
  /** The table a raw row comes back to (the types without revisions), and whether its list is ordered by hand. */
  table: keyof Schema
  revisions?: RevisionSpec
  ordered?: OrderedTable
  /** Its public address, from its slug; none for records shown only inside other pages. */
  address?: (slug: string) => string
}

const KINDS: Record<TrashType, Kind> = {
  post: { label: 'Post', section: 'posts', table: 'blog_posts', revisions: postRevisions, address: postHref },
  'case-study': {
    label: 'Case study',
    section: 'case-studies',
    table: 'case_studies',
    revisions: caseStudyRevisions,
    ordered: 'case_studies',
    address: caseStudyHref,
  },
  page: { label: 'Page', section: 'pages', table: 'pages', revisions: pageRevisions, address: (path) => path },
  'team-member': { label: 'Team member', section: 'team', table: 'team_members', ordered: 'team_members' },
  testimonial: { label: 'Testimonial', section: 'testimonials', table: 'testimonials', ordered: 'testimonials' },
  author: { label: 'Author', section: 'authors', table: 'authors' },
}

export const trashLabel = (type: TrashType) => KINDS[type].label

/** Where a record's list is, for a link from its Trash item. */
export const trashSection = (type: TrashType) => KINDS[type].section

/** The Trash's type of a section's records; undefined for a section whose deletes are final. */
export const trashTypeOf = (section: RecordSectionName): TrashType | undefined =>
  (Object.keys(KINDS) as TrashType[]).find((type) => KINDS[type].section === section)

/** Days an item deleted at `deletedAt` has left in the Trash (at least 1 until it goes). */
export const daysLeft = (deletedAt: string, now = new Date()) =>
  Math.max(1, TRASH_KEPT_DAYS - Math.floor((now.getTime() - Date.parse(deletedAt)) / DAY_MS))

/** A record as it stands, read before its delete: its revision snapshot (with the whole row), or its row. */
export async function trashSnapshot(trx: Db, type: TrashType, id: string): Promise<Record<string, unknown> | undefined> {
  const kind = KINDS[type]
  const row = await trx
    .selectFrom(kind.table as RowTable)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || !kind.revisions) return row
  const snapshot = await snapshotOf(trx, kind.revisions, id)
  // The revision holds what an editor sees; the row, what it does not (a page's live version, a post's Author).
  return snapshot && { ...snapshot, row }
}

/** Puts a record just deleted in the Trash, in the delete's transaction: its name and address as it had them. */
export async function moveToTrash(trx: Db, type: TrashType, snapshot: Record<string, unknown>, user: User): Promise<string> {
  const kind = KINDS[type]
  const recordId = String(snapshot.id)
  // A revision calls a record's name its title (a testimonial's title is the person's job).
  const name = String((kind.revisions ? snapshot.title : snapshot.name) ?? '')
  const slug = kind.revisions ? snapshot.slug : undefined
  return addToTrash(trx, {
    type,
    recordId,
    name,
    address: kind.address && typeof slug === 'string' ? kind.address(slug) : null,
    snapshot,
    userEmail: user.email,
  })
}

/** Why an item could not come back, as the toast says it; or the item brought back. */
export type RestoreOutcome = { ok: true; item: TrashedRecord } | { ok: false; message: string; status: number }

class Refused extends Error {
  constructor(
    readonly message: string,
    readonly status = 409,
  ) {
    super(message)
  }
}

const GONE = 'This item is no longer in the Trash: it was restored or deleted for good meanwhile.'

/**
 * Brings a Trash item back as it was: its id, address, image and tags, at the end of an ordered
 * list, logged as 'restored'. An Author may bring back only what they deleted themselves (their own
 * draft). Nothing changes when it is refused: its address taken meanwhile, or its author gone.
 */
export async function restoreFromTrash(db: Db, context: LoadContext, id: string, user: User, only?: TrashType): Promise<RestoreOutcome> {
  try {
    const item = await db.transaction().execute(async (trx) => {
      const trashed = await getTrashed(trx, id)
      if (!trashed || (only && trashed.type !== only)) throw new Refused(GONE, 404)
      if (!atLeast(user.role, 'editor') && trashed.userEmail !== user.email)
        throw new Refused('Only an Editor or Owner can restore what someone else deleted.', 403)
      // Taken out first: a racing restore or empty then finds it gone, or waits for this one to end.
      if (!(await removeFromTrash(trx, id))) throw new Refused(GONE, 404)
      const refusal = await bringBack(trx, context, trashed, user)
      if (refusal) throw new Refused(await refusalMessage(trx, trashed, refusal))
      return trashed
    })
    // A page back at its address may stand where an industry's template answered: every page's key.
    context.contentChanged(KINDS[item.type].section, item.type === 'page' ? undefined : item.recordId)
    return { ok: true, item }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message, status: error.status }
    throw error
  }
}

async function bringBack(trx: Db, context: LoadContext, trashed: TrashedRecord, user: User): Promise<RestoreRefusal> {
  const kind = KINDS[trashed.type]
  const { row, ...snapshot } = trashed.snapshot as Record<string, unknown> & { row?: Record<string, unknown> }
  if (kind.revisions) {
    return reinsertDeleted(trx, context, kind.revisions, {
      recordId: trashed.recordId,
      revision: { createdAt: trashed.deletedAt, snapshot },
      user,
      // What the revision does not hold comes back from the row (a page's live version, a post's Author).
      finish: row ? (trx) => rewriteRow(trx, kind, row) : undefined,
    })
  }
  const table = kind.table as RowTable
  if (await trx.selectFrom(table).select('id').where('id', '=', trashed.recordId).executeTakeFirst()) return 'id-taken'
  const position = kind.ordered ? { position: await positionAfterLast(trx, kind.ordered) } : {}
  await trx
    .insertInto(table)
    .values({ ...snapshot, ...position } as never)
    .execute()
  await recordActivity(trx, {
    user_email: user.email,
    action: 'restored',
    // A section's records are named in the log by the section, as their saves are.
    record_type: kind.section as ActivityRecordType,
    record_id: trashed.recordId,
    title: trashed.name,
  })
  return null
}

/** Writes back a reinserted record's other columns as they were (its place in an ordered list is the end, as the reinsert set it). */
async function rewriteRow(trx: Db, kind: Kind, row: Record<string, unknown>) {
  const { id, updated_at: _version, position: _position, ...columns } = row
  await trx
    .updateTable(kind.table as RowTable)
    .set(columns as never)
    .where('id', '=', String(id))
    .execute()
}

/** The words of a refused restore. */
async function refusalMessage(db: Db, trashed: TrashedRecord, refusal: Exclude<RestoreRefusal, null>): Promise<string> {
  const what = KINDS[trashed.type].label.toLowerCase()
  if (refusal === 'slug-taken') {
    const slug = String(trashed.snapshot.slug)
    const holder = KINDS[trashed.type].revisions ? await addressHolder(db, trashed.type as RevisionType, slug) : undefined
    const address = trashed.address ?? slug
    return holder
      ? `“${address}” is now used by “${holder}”. Change that one's address, then restore.`
      : `“${address}” is now used by another page. Change that one's address, then restore.`
  }
  if (refusal === 'author-gone') return `This ${what}’s author was deleted. Restore the author from the Trash first, then this ${what}.`
  if (refusal === 'image-gone') return `This ${what}’s image is no longer stored, so it cannot come back.`
  if (refusal === 'id-taken') return `A ${what} with the same id exists again, so this one cannot come back.`
  return GONE
}

/**
 * Lets items go for good: one (by id), all, or those deleted before a moment; their revisions go
 * with them, and every image file that no record, revision or other Trash item still uses. Returns
 * how many went.
 */
export async function deleteFromTrash(db: Db, which: { id: string } | { before?: string }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const taken = await takeFromTrash(trx, which)
    for (const { type, recordId } of taken) {
      const kind = KINDS[type]
      if (!kind.revisions) continue
      const exists = await trx
        .selectFrom(kind.table as RowTable)
        .select('id')
        .where('id', '=', recordId)
        .executeTakeFirst()
      if (!exists)
        await trx.deleteFrom('revisions').where('record_type', '=', kind.revisions.type).where('record_id', '=', recordId).execute()
    }
    const images = new Set(taken.flatMap((item) => item.images))
    if (images.size > 0) {
      const uses = await imageUses(trx)
      for (const url of images) if (!uses.has(url)) await deleteMediaFile(trx, url)
    }
    return taken.length
  })
}

/** The maintenance job's part: items deleted more than 30 days ago go for good. */
export const purgeTrash = (db: Db, now = new Date()) =>
  deleteFromTrash(db, { before: new Date(now.getTime() - TRASH_KEPT_DAYS * DAY_MS).toISOString() })
