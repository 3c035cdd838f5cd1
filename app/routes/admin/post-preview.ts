import { finishPostBody, mediaImagesIn } from '~/components/site/post-body.server'
import { POST_LIMITS } from '~/lib/post-schema'
import { requireUser } from '~/server/services/auth.server'
import { readForm } from '~/server/http/form-data.server'
import { renderMarkdownOffThread } from '~/server/services/markdown.server'
import { describeImages } from '~/server/services/media.server'
import { siteSettingsFor } from '~/server/services/site-settings.server'
import type { Route } from './+types/post-preview'

const tooLargeMessage = `A preview shows at most ${POST_LIMITS.content.toLocaleString('en-US')} characters, as many as a post’s content holds.`

/**
 * The editor's live preview: the same renderer as the public post page, so what you see is what
 * visitors get. Rendered off the server's thread, which a long text would hold for seconds.
 */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  await requireUser({ request, context, pattern })
  const content = String((await readForm(request)).get('content') ?? '')
  if (content.length > POST_LIMITS.content) return Response.json({ html: null, message: tooLargeMessage }, { status: 413 })
  const body = await renderMarkdownOffThread(content)
  // Finished as the post page finishes it: uploaded images with their copies, the booking button.
  const [images, { bookingUrl }] = await Promise.all([describeImages(context.db, mediaImagesIn(body)), siteSettingsFor(request, context)])
  return Response.json({ html: finishPostBody(body, images, bookingUrl) })
}
