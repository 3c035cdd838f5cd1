import { data } from 'react-router'
import { PageBlocks } from '~/components/blocks'
import { BLOCKS, isBlockType } from '~/lib/blocks/catalog'
import { fieldsSchema } from '~/lib/blocks/fields'
import type { Block } from '~/lib/page-content'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { pageTitle } from '~/lib/seo'
import { readForm } from '~/server/http/form-data.server'
import { requireUser } from '~/server/services/auth.server'
import { loadBlocks } from '~/server/services/block-data.server'
import { checkPageContent, readPageForEditor } from '~/server/services/pages.server'
import { pageScript } from '~/server/services/site-pages.server'
import type { Route } from './+types/page-preview'

/*
 * The page editor's preview, in the public site's frame (header, footer, its CSS and scripts): the
 * saved draft on a GET, the page as typed when the editor posts it here into its frame. Only the
 * page's editors see it, and nothing keeps or indexes it.
 */

// Kept from every cache by the back office's own rule (server.ts: no-store under /admin); kept from search engines here.
const PRIVATE = { 'X-Robots-Tag': 'noindex' }

export const headers = () => PRIVATE

async function editedPage({ request, context, params, pattern }: Route.LoaderArgs | Route.ActionArgs) {
  await requireUser({ request, context, pattern })
  const page = params.id.length > MAX_ID_LENGTH || params.id.includes('\u0000') ? undefined : await readPageForEditor(context.db, params.id)
  if (!page) throw data(null, { status: 404, headers: PRIVATE })
  return page
}

/** The page's shown blocks with the records they show, as the public page loads them, and the note for any left out. */
async function rendered(args: Route.LoaderArgs | Route.ActionArgs, blocks: readonly Block[], note: string | null) {
  const loaded = await loadBlocks(blocks, {
    db: args.context.db,
    request: args.request,
    config: args.context.config,
    context: args.context,
  })
  return { blocks: loaded, script: pageScript(loaded), note }
}

export async function loader(args: Route.LoaderArgs) {
  const page = await editedPage(args)
  return { name: page.name, ...(await rendered(args, page.draft.blocks, null)) }
}

export async function action(args: Route.ActionArgs) {
  const page = await editedPage(args)
  let sent: unknown
  try {
    sent = JSON.parse(String((await readForm(args.request)).get('content') ?? ''))
  } catch {
    return rendered(args, [], 'The page could not be read: reload the editor.')
  }
  const checked = await checkPageContent(args.context.db, sent, page.path)
  if ('content' in checked) return rendered(args, checked.content.blocks, null)
  const valid = validBlocks(sent)
  return rendered(args, valid.blocks, previewNote(Object.keys(checked.errors).length, valid.left))
}

/** The blocks of a refused page that are fine on their own, so the preview shows all it can. */
function validBlocks(sent: unknown): { blocks: Block[]; left: number } {
  const listed = (sent as { blocks?: unknown } | null)?.blocks
  const blocks = Array.isArray(listed) ? listed : []
  const valid = blocks.flatMap((block: { id?: unknown; type?: unknown; hidden?: unknown; data?: unknown }) => {
    if (typeof block?.type !== 'string' || !isBlockType(block.type) || typeof block.id !== 'string') return []
    const parsed = fieldsSchema(BLOCKS[block.type].fields).safeParse(block.data)
    return parsed.success ? [{ id: block.id, type: block.type, hidden: block.hidden === true, data: parsed.data } as Block] : []
  })
  return { blocks: valid, left: blocks.length - valid.length }
}

const previewNote = (problems: number, left: number) =>
  `${problems === 1 ? 'One field needs' : `${problems} fields need`} attention in the editor${
    left > 0 ? `; ${left === 1 ? 'one block is' : `${left} blocks are`} left out of this preview until fixed` : ''
  }.`

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: pageTitle(matches, `Preview: ${loaderData?.name ?? 'page'}`) },
  { name: 'robots', content: 'noindex' },
]

export default function PagePreview({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData
  return (
    <>
      {shown.note && (
        <p role="status" data-testid="preview-note" className="bg-amber-100 px-4 py-3 text-center text-sm font-medium text-amber-950">
          {shown.note}
        </p>
      )}
      <PageBlocks blocks={shown.blocks} />
    </>
  )
}
