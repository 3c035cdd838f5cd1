import { POST_LIMITS } from '~/lib/post-schema'
import { requireUser } from '~/server/services/auth.server'
import { readForm } from '~/server/http/form-data.server'
import { renderMarkdown } from '~/server/services/markdown.server'
import type { Route } from './+types/post-preview'

/** The editor's live preview: the same renderer as the public post page, so what you see is what visitors get. */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  await requireUser({ request, context, pattern })
  const content = String((await readForm(request)).get('content') ?? '')
  if (content.length > POST_LIMITS.content) return Response.json({ html: null }, { status: 413 })
  return Response.json({ html: renderMarkdown(content) })
}
