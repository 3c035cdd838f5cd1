import { newId, nowIso } from '~/lib/ids'
import type { Db } from './db/schema.server'

/** Every author, by name: the admin list and the post editor's author select. */
export async function listAuthors(db: Db) {
  return db.selectFrom('authors').select(['id', 'name', 'email', 'bio', 'avatar_url']).orderBy('name').orderBy('id').execute()
}

/** The admin author list: every author by name, with how many posts carry their name. */
export async function listAuthorsForAdmin(db: Db) {
  const rows = await db
    .selectFrom('authors')
    .leftJoin('blog_posts', 'blog_posts.author_id', 'authors.id')
    .select(['authors.id', 'authors.name', 'authors.email', 'authors.avatar_url'])
    // PostgreSQL counts as bigint, which pg hands over as a string.
    .select((eb) => eb.fn.count<number | string>('blog_posts.id').as('post_count'))
    .groupBy(['authors.id', 'authors.name', 'authors.email', 'authors.avatar_url'])
    .orderBy('authors.name')
    .orderBy('authors.id')
    .execute()
  return rows.map((row) => ({ ...row, post_count: Number(row.post_count) }))
}

export async function getAuthor(db: Db, id: string) {
  return db.selectFrom('authors').select(['id', 'name', 'email', 'bio', 'avatar_url']).where('id', '=', id).executeTakeFirst()
}

export interface AuthorFields {
  name: string
  email: string
  bio: string | null
  avatarUrl: string | null
}

/** Returns the new author's id. */
export async function createAuthor(db: Db, author: AuthorFields): Promise<string> {
  const id = newId()
  const now = nowIso()
  await db
    .insertInto('authors')
    .values({ id, name: author.name, email: author.email, bio: author.bio, avatar_url: author.avatarUrl, created_at: now, updated_at: now })
    .execute()
  return id
}

/** Returns false when there is no such author. */
export async function updateAuthor(db: Db, id: string, author: AuthorFields): Promise<boolean> {
  const result = await db
    .updateTable('authors')
    .set({ name: author.name, email: author.email, bio: author.bio, avatar_url: author.avatarUrl, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function countPostsByAuthor(db: Db, id: string): Promise<number> {
  const { posts } = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number | string>().as('posts'))
    .where('author_id', '=', id)
    .executeTakeFirstOrThrow()
  return Number(posts)
}

/**
 * Deletes an author; the database refuses while posts still name them. Returns the deleted row's
 * avatar, whose file the caller removes, or undefined when there was no such author.
 */
export async function deleteAuthor(db: Db, id: string) {
  return db.deleteFrom('authors').where('id', '=', id).returning('avatar_url').executeTakeFirst()
}
