import type { Db } from '~/server/db/schema.server'
import { imageUsesOf, type ImageUse } from '~/server/repositories/files.server'
import { deleteAtVersion, type RecordEdit, saveAtVersion } from '~/server/repositories/versions.server'

export interface Author {
  id: string
  name: string
  email: string
  bio: string | null
  imageUrl: string | null
  version: string
}

/** What an editor saves; the image is attached by the media service. */
export type AuthorFields = Pick<Author, 'name' | 'email' | 'bio'>

const columns = ['authors.id', 'authors.name', 'authors.email', 'authors.bio', 'authors.avatar_url', 'authors.updated_at'] as const

function authorOf(row: {
  id: string
  name: string
  email: string
  bio: string | null
  avatar_url: string | null
  updated_at: string
}): Author {
  return { id: row.id, name: row.name, email: row.email, bio: row.bio, imageUrl: row.avatar_url, version: row.updated_at }
}

/** Every author, by name: the post editor's author select. */
export async function listAuthors(db: Db): Promise<Author[]> {
  const rows = await db.selectFrom('authors').select(columns).orderBy('name').orderBy('id').execute()
  return rows.map(authorOf)
}

/** The admin author list: every author by name, with how many posts carry their name. */
export async function listAuthorsForAdmin(db: Db) {
  const rows = await db
    .selectFrom('authors')
    .leftJoin('blog_posts', 'blog_posts.author_id', 'authors.id')
    .select(columns)
    // PostgreSQL counts as bigint, which pg hands over as a string.
    .select((eb) => eb.fn.count<number | string>('blog_posts.id').as('post_count'))
    .groupBy(columns)
    .orderBy('authors.name')
    .orderBy('authors.id')
    .execute()
  return rows.map((row) => ({ ...authorOf(row), postCount: Number(row.post_count) }))
}

export async function getAuthor(db: Db, id: string): Promise<Author | undefined> {
  const row = await db.selectFrom('authors').select(columns).where('id', '=', id).executeTakeFirst()
  return row && authorOf(row)
}

/** Creates an author or saves over the version the editor loaded; a new image replaces the old one, none keeps it. */
export const saveAuthor = (db: Db, author: AuthorFields, edit: RecordEdit) => saveAtVersion(db, 'authors', author, edit)

export async function countPostsByAuthor(db: Db, id: string): Promise<number> {
  const { posts } = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number | string>().as('posts'))
    .where('author_id', '=', id)
    .executeTakeFirstOrThrow()
  return Number(posts)
}

/** Deletes the version of an author the list showed; the database refuses while posts still name them. */
export const deleteAuthor = (db: Db, id: string, version: string) => deleteAtVersion(db, 'authors', id, version)

/** Authors whose photo is one of our uploaded images. */
export async function authorImageUses(db: Db): Promise<ImageUse[]> {
  const rows = await db.selectFrom('authors').select(['id', 'name', 'avatar_url']).where('avatar_url', 'like', '/media/%').execute()
  return imageUsesOf(rows, (row) => ({ recordId: row.id, title: row.name }), [['avatar_url', 'Photo']])
}
