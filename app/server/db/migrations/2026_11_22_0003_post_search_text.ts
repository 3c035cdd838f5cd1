import type { Kysely } from 'kysely'

/*
 * Blog search is case-insensitive for every language, which neither engine's lower() or LIKE
 * guarantees (SQLite folds ASCII only; PostgreSQL depends on the database's locale). Each post
 * keeps its title and excerpt folded by JavaScript in `search_text`, and searches compare against
 * that. The folding matches `postSearchText` in posts.server.ts; migrations never import app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  const posts: { id: string; title: string; excerpt: string }[] = await db
    .selectFrom('blog_posts')
    .select(['id', 'title', 'excerpt'])
    .execute()
  for (const post of posts) {
    const searchText = `${post.title}\n${post.excerpt}`.normalize('NFKC').toLowerCase()
    await db.updateTable('blog_posts').set({ search_text: searchText }).where('id', '=', post.id).execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blog_posts').dropColumn('search_text').execute()
}
