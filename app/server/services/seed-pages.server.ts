import { seedCollections } from '~/content/collections'
import { seedPages } from '~/content/pages/index'
import type { CollectionName } from '~/lib/collections'
import { newId, nowIso } from '~/lib/ids'
import { type PageContent, type PageSeed, pageContentSchema } from '~/lib/page-content'
import type { Db } from '~/server/db/schema.server'
import { insertItem } from '~/server/repositories/collection-items.server'
import { listPageSearchFields } from '~/server/repositories/page-search-fields.server'
import { addRevision } from '~/server/repositories/revisions.server'
import { pageRevisions } from './pages.server'
import { snapshotOf } from './revisions.server'

const PAGES_MARKER = 'pages_seeded_at'
/** A new page has one revision: none older to let go of, whatever the site keeps. */
const FIRST_REVISION_ONLY = 1

/** A seeded page's content, checked as the editor checks a page (a seed that fails is a bug, loudly). */
export const seedContent = (seed: PageSeed): PageContent => pageContentSchema.parse(seed.content)

/**
 * Creates the site's pages and collections with their launch words, once: on a new site with the rest of the seed,
 * on a site from before pages were editable on its first start with them. Search fields an owner set
 * under Settings are carried over. The marker row is written in the same transaction, so two instances
 * starting together seed once.
 */
export async function seedPagesOnce(db: Db): Promise<boolean> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', PAGES_MARKER).executeTakeFirst()
  if (done) return false
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('app_meta').values({ key: PAGES_MARKER, value: nowIso() }).execute()
      const search = await listPageSearchFields(trx)
      const now = nowIso()
      for (const [collection, items] of Object.entries(seedCollections))
        for (const data of items) await insertItem(trx, collection as CollectionName, data as never)
      for (const seed of seedPages) {
        const content = JSON.stringify({ ...seedContent(seed), ...(search.has(seed.path) && { search: search.get(seed.path)!.fields }) })
        const id = newId()
        await trx
          .insertInto('pages')
          .values({
            id,
            path: seed.path,
            name: seed.name,
            template: seed.template,
            draft: content,
            live: content,
            published_at: now,
            created_at: now,
            updated_at: now,
          })
          .execute()
        // The launch words are the page's first revision (by no one), so its history can bring them back.
        const snapshot = await snapshotOf(trx, pageRevisions, id)
        await addRevision(trx, { type: 'page', recordId: id, action: 'created', snapshot: snapshot!, userEmail: null }, FIRST_REVISION_ONLY)
      }
    })
    return true
  } catch (error) {
    const again = await db.selectFrom('app_meta').select('value').where('key', '=', PAGES_MARKER).executeTakeFirst()
    if (again) return false
    throw error
  }
}
