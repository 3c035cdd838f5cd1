import type { AppLoadContext } from 'react-router'
import type { BlockType } from '~/lib/blocks/catalog'
import { loader as pageLoader } from '~/routes/site/page'
import type { BlockExtra } from '~/server/services/block-data.server'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { callRoute } from './route-args'

/**
 * The records the first shown block of a type shows on the page at `path`, as the public page's
 * loader reads them; the pages are seeded first (once), as the server does on start.
 */
export async function blockExtra<T extends BlockType>(context: AppLoadContext, path: string, type: T): Promise<BlockExtra<T>> {
  await seedPagesOnce(context.db)
  const page = await callRoute(pageLoader, new Request(`http://localhost${path}`), context)
  if (page instanceof Response || !('blocks' in page)) throw new Error(`No page at ${path}`)
  const block = page.blocks.find((candidate) => candidate.type === type)
  if (!block) throw new Error(`No ${type} block on ${path}`)
  return block.extra as BlockExtra<T>
}
