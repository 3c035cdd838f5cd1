import { newId, nowIso } from '~/lib/ids'
import { NO_SEARCH_FIELDS } from '~/lib/search-fields'
import type { Db } from '~/server/db/schema.server'
import { createPost, type PostFields } from '~/server/repositories/posts.server'

/** An author row for a test; `bio: null` makes one without an 'About the author' block. */
export async function createTestAuthor(db: Db, fields: { name?: string; bio?: string | null; avatarUrl?: string | null } = {}) {
  const id = newId()
  const now = nowIso()
  await db
    .insertInto('authors')
    .values({
      id,
      name: fields.name ?? `Author ${id.slice(0, 6)}`,
      email: `${id}@example.com`,
      bio: fields.bio === undefined ? 'Writes about small businesses.' : fields.bio,
      avatar_url: fields.avatarUrl ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return id
}

/** Sets the site's time zone as a saved Site Settings form would (its row alone). */
export async function setSiteTimeZone(db: Db, zone: string) {
  await db
    .insertInto('site_settings')
    .values({ key: 'time_zone', value: zone, updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: zone }))
    .execute()
}

const DAY_MS = 86_400_000

/** A publish time `days` from now: negative is the past, positive is scheduled. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString()
}

/** A published post from yesterday unless the fields say otherwise; returns its id and slug. */
export async function createTestPost(
  db: Db,
  authorId: string,
  { imageUrl = null, ...fields }: Partial<PostFields> & { imageUrl?: string | null } = {},
) {
  const slug = fields.slug ?? `test-post-${newId().slice(0, 8)}`
  const post: PostFields = {
    title: `Test post ${slug}`,
    slug,
    content: 'Some **markdown** content.',
    excerpt: 'A short summary.',
    published: true,
    publishedAt: daysFromNow(-1),
    authorId,
    tags: [],
    search: NO_SEARCH_FIELDS,
    ...fields,
  }
  return { id: (await createPost(db, post, imageUrl)).id, slug }
}
