import { imageTextSchema, imageTooLargeMessage, noImageChosenMessage } from '~/lib/images'
import { readForm } from '~/server/http/form-data.server'
import { requireUser } from '~/server/services/auth.server'
import { uploadImage } from '~/server/services/media-library.server'
import { chosenFile, IMAGE_PLACES, ImageRejected } from '~/server/services/media.server'
import type { Route } from './+types/media-upload-endpoint'
import { logger } from '~/server/log.server'

const signedOutMessage = 'You are signed out. Sign in again, then add the image.'
const twoFactorMessage = 'Set up two-factor sign-in on your Account tab first, then add the image.'

const refuse = (error: string, status: number) => Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * The post editor's image upload, fetched by its script: multipart `file`, `alt` and `decorative`
 * ("on"), answered with `{ url, alt, width, height, name }`, or `{ error }` and 4xx with the message to
 * show. A body over the site's upload limit never gets here: the host answers 413 first
 * (server/host/request-limits.server.ts).
 */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  let userEmail: string
  let form: FormData
  try {
    userEmail = (await requireUser({ request, context, pattern })).email
    form = await readForm(request)
  } catch (thrown) {
    return answerAsJson(thrown)
  }
  const file = chosenFile(form.get('file'))
  if (!file) return refuse(noImageChosenMessage, 400)
  const alt = form.get('alt')
  const text = imageTextSchema.safeParse({
    imageShown: true,
    imageAlt: typeof alt === 'string' ? alt : '',
    imageDecorative: form.get('decorative') === 'on',
  })
  if (!text.success) return refuse(text.error.issues[0]!.message, 400)
  try {
    const { id: _id, ...image } = await uploadImage(context.db, { file, place: IMAGE_PLACES.post, text: text.data, userEmail })
    return Response.json(image, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (error instanceof ImageRejected) return refuse(error.message, error.message === imageTooLargeMessage ? 413 : 400)
    logger.error({ err: error }, 'Failed to upload an image from the post editor')
    return refuse('The image could not be saved. Please try again.', 500)
  }
}

/**
 * What the admin's guards throw, said in JSON to a script: no session (their redirect to sign in) is
 * 401, two-factor sign-in still to set up (their redirect to it) 403, and a refusal with a message
 * (a role refused, a form that cannot be read) keeps its status and message.
 */
async function answerAsJson(thrown: unknown): Promise<Response> {
  if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
    return thrown.headers.get('Location')?.startsWith('/admin/login') ? refuse(signedOutMessage, 401) : refuse(twoFactorMessage, 403)
  }
  if (isDataAnswer(thrown)) return refuse(String(thrown.data), thrown.init?.status ?? 400)
  throw thrown
}

/** React Router's `data(message, { status })`, which the guards throw for a refusal with a message. */
function isDataAnswer(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && 'data' in value && 'init' in value
}
