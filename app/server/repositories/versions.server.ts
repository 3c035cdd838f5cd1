import { nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'

/*
 * A record's version is its updated_at. An editor carries the version it loaded; a save or delete
 * applies only `where id = ? and updated_at = version`, which both engines check and apply as one
 * step, so of two saves from the same version exactly one lands and the other learns it is stale.
 */

/**
 * The version a save writes: now, or a millisecond past the last one, so two saves never share one.
 * A version that is no instant at all (a forged form) matches no row anyway; now is written for it.
 */
export function nextVersion(previous?: string): string {
  const now = nowIso()
  const last = Date.parse(previous ?? '')
  return Number.isNaN(last) || now > previous! ? now : new Date(last + 1).toISOString()
}

/** How a write of one record ended: saved, refused because someone changed it first, or gone. */
export type WriteOutcome = 'saved' | 'stale' | 'gone'

/** What a record's write reports back: its outcome, and the image URL it stopped pointing to. */
export interface RecordWrite {
  outcome: WriteOutcome
  replacedImage?: string | null
}

type VersionedTable = 'authors' | 'team_members' | 'case_studies' | 'blog_posts' | 'testimonials'

/** After a versioned write touched no row: was the record changed meanwhile, or is it gone? */
export async function missedWrite(db: Db, table: VersionedTable, id: string): Promise<'stale' | 'gone'> {
  const row = await db.selectFrom(table as 'authors').select('id').where('id', '=', id).executeTakeFirst()
  return row ? 'stale' : 'gone'
}
