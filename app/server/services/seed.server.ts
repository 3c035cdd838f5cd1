import { caseStudies } from '~/content/case-studies'
import { NO_SEARCH_FIELDS } from '~/lib/search-fields'
import { fallbackTeamMembers } from '~/content/team'
import { newId, nowIso } from '~/lib/ids'
import { createPost } from '~/server/repositories/posts.server'
import type { Db } from '~/server/db/schema.server'
import { seedAuthors, seedPosts } from '~/server/services/seed-content.server'

const SEED_MARKER = 'seeded_at'

/**
 * Fills an empty site with its starting content, once. The marker row is written first in the same
 * transaction, so a second instance starting at the same moment fails on its key and skips, and a
 * site whose seeded rows were edited or deleted is never re-seeded.
 */
export async function seedOnce(db: Db): Promise<boolean> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', SEED_MARKER).executeTakeFirst()
  if (done) return false
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('app_meta').values({ key: SEED_MARKER, value: nowIso() }).execute()
      await insertSeedContent(trx)
    })
    return true
  } catch (error) {
    const again = await db.selectFrom('app_meta').select('value').where('key', '=', SEED_MARKER).executeTakeFirst()
    if (again) return false
    throw error
  }
}

async function insertSeedContent(db: Db) {
  const now = nowIso()
  const authorIds = new Map<string, string>()
  for (const author of seedAuthors) {
    const id = newId()
    authorIds.set(author.key, id)
    await db
      .insertInto('authors')
      .values({ id, name: author.name, email: author.email, bio: author.bio, avatar_url: null, created_at: now, updated_at: now })
      .execute()
  }

  for (const post of seedPosts) {
    const authorId = authorIds.get(post.authorKey)
    if (!authorId) throw new Error(`Seed post "${post.slug}" names unknown author "${post.authorKey}"`)
    await createPost(db, { ...post, authorId, search: NO_SEARCH_FIELDS }, post.imageUrl, post.publishedAt ?? now)
  }

  await db
    .insertInto('team_members')
    .values(
      fallbackTeamMembers.map((m, position) => ({
        id: newId(),
        name: m.name,
        role: m.role,
        bio: m.bio,
        avatar_url: null,
        position,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute()

  await db
    .insertInto('case_studies')
    .values(
      caseStudies.map((c, position) => ({
        id: c.id,
        slug: c.id,
        title: c.title,
        client: c.client,
        industry: c.industry,
        brief_desc: c.briefDesc,
        challenge: c.challenge,
        solution: c.solution,
        results: JSON.stringify(c.results),
        image: c.imageUrl,
        testimonial_quote: c.testimonial.quote,
        testimonial_author: c.testimonial.author,
        testimonial_position: c.testimonial.position,
        tags: JSON.stringify(c.tags),
        headline_figure: c.headline?.figure ?? null,
        headline_label: c.headline?.label ?? null,
        position,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute()
}
