import type { Db } from '~/server/db/schema.server'
import { readContentVersion } from '~/server/repositories/content-version.server'

/*
 * Reads the loaders answering one request share: the root and the site's frame both need the
 * settings, and the frame's menus, its places and a page's blocks all list collections. Each is read
 * once per request and kept with the request only, so the next request reads anew. An action's writes
 * are never hidden: React Router gives the loaders that follow an action a request of their own.
 */

const readsOf = new WeakMap<Request, Map<string, Promise<unknown>>>()

export function readOncePer<T>(request: Request, what: string, read: () => Promise<T>): Promise<T> {
  let reads = readsOf.get(request)
  if (!reads) readsOf.set(request, (reads = new Map()))
  let kept = reads.get(what) as Promise<T> | undefined
  if (!kept) reads.set(what, (kept = read()))
  return kept
}

type Kept = { version: number; value: Promise<unknown> }
const keptOf = new WeakMap<Db, Map<string, Kept>>()

/**
 * Content only an editor's save changes (the pages, the collections, the menus, the case studies),
 * kept in memory while the database's content version stays the same: a page then asks one number
 * instead of reading its frame and blocks again. Triggers move the number on every write to those
 * tables, by anyone, on every instance (migration 0034). The number is read before the content, so
 * what is kept under it is never older than it. Callers share what is returned and never change it.
 */
export async function readWhileUnchanged<T>(request: Request, db: Db, what: string, read: () => Promise<T>): Promise<T> {
  const version = await readOncePer(request, 'content-version', () => readContentVersion(db))
  let kept = keptOf.get(db)
  if (!kept) keptOf.set(db, (kept = new Map()))
  const found = kept.get(what)
  if (found?.version === version) return found.value as Promise<T>
  const value = read()
  const entry = { version, value }
  kept.set(what, entry)
  // A failed read is not kept: the next request tries again.
  value.catch(() => kept.get(what) === entry && kept.delete(what))
  return value
}
