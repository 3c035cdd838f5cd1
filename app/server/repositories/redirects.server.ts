import { nowIso, newId } from '~/lib/ids'
import type { Db, RedirectStatus, RedirectsTable } from '~/server/db/schema.server'
import { deleteAtVersion, nextVersion, type RecordEdit, saveAtVersion } from '~/server/repositories/versions.server'

export interface RedirectRecord {
  id: string
  fromPath: string
  toTarget: string
  status: RedirectStatus
  version: string
}

/** What the editor saves. */
export type RedirectFields = Omit<RedirectRecord, 'id' | 'version'>

/** What the host answers with: an address and where it goes. */
export type RedirectRoute = RedirectFields

const redirectOf = ({ id, from_path, to_target, status, updated_at }: RedirectsTable): RedirectRecord => ({
  id,
  fromPath: from_path,
  toTarget: to_target,
  status: Number(status) as RedirectStatus,
  version: updated_at,
})

/** Every redirect, by the address it starts from: the admin list. */
export async function listRedirects(db: Db): Promise<RedirectRecord[]> {
  return (await db.selectFrom('redirects').selectAll().orderBy('from_path').execute()).map(redirectOf)
}

/** Every redirect as the host answers it. */
export async function listRedirectRoutes(db: Db): Promise<RedirectRoute[]> {
  const rows = await db.selectFrom('redirects').select(['from_path', 'to_target', 'status']).execute()
  return rows.map((row) => ({ fromPath: row.from_path, toTarget: row.to_target, status: Number(row.status) as RedirectStatus }))
}

export async function getRedirect(db: Db, id: string): Promise<RedirectRecord | undefined> {
  const row = await db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst()
  return row && redirectOf(row)
}

/** The redirect that starts at this (normalised) path, if any. */
export async function getRedirectFrom(db: Db, fromPath: string): Promise<RedirectRecord | undefined> {
  const row = await db.selectFrom('redirects').selectAll().where('from_path', '=', fromPath).executeTakeFirst()
  return row && redirectOf(row)
}

/** Creates or saves over the version the editor loaded. */
export const saveRedirect = (db: Db, { fromPath, toTarget, status }: RedirectFields, edit: RecordEdit) =>
  saveAtVersion(db, 'redirects', { from_path: fromPath, to_target: toTarget, status }, edit)

/** Deletes the version of a redirect the list showed. */
export const deleteRedirect = (db: Db, id: string, version: string) => deleteAtVersion(db, 'redirects', id, version)

/** Deletes the redirect that starts at this path, if there is one. */
export async function deleteRedirectFrom(db: Db, fromPath: string): Promise<void> {
  await db.deleteFrom('redirects').where('from_path', '=', fromPath).execute()
}

/** Points every redirect that went to `target` at `newTarget` instead, each at a new version. */
export async function retargetRedirects(db: Db, target: string, newTarget: string): Promise<void> {
  const rows = await db.selectFrom('redirects').select(['id', 'updated_at']).where('to_target', '=', target).execute()
  for (const row of rows) {
    await db
      .updateTable('redirects')
      .set({ to_target: newTarget, updated_at: nextVersion(row.updated_at) })
      .where('id', '=', row.id)
      .execute()
  }
}

/** Makes `fromPath` redirect to `target` with this status, creating the redirect or changing the one there. */
export async function putRedirect(db: Db, fromPath: string, target: string, status: RedirectStatus): Promise<void> {
  const existing = await getRedirectFrom(db, fromPath)
  if (existing) {
    await db
      .updateTable('redirects')
      .set({ to_target: target, status, updated_at: nextVersion(existing.version) })
      .where('id', '=', existing.id)
      .execute()
    return
  }
  const now = nowIso()
  await db
    .insertInto('redirects')
    .values({ id: newId(), from_path: fromPath, to_target: target, status, created_at: now, updated_at: now })
    .execute()
}
