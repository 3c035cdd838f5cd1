import type { Db } from './db/schema.server'

/** Every author, by name: the admin list and the post editor's author select. */
export async function listAuthors(db: Db) {
  return db.selectFrom('authors').select(['id', 'name', 'email', 'bio', 'avatar_url']).orderBy('name').orderBy('id').execute()
}
