import { createCookie, redirect } from 'react-router'
import { z } from 'zod'
import type { LoadContext } from '~/server/services/load-context.server'

const toastSchema = z.object({
  type: z.enum(['success', 'error']),
  title: z.string(),
  description: z.string().optional(),
})

export type Toast = z.infer<typeof toastSchema>

/** A signed one-shot cookie: a toast survives the redirect after a form post and is shown once. */
function toastCookie(context: LoadContext) {
  return createCookie('toast', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: context.config.isProduction,
    secrets: [context.config.cookieSecret],
  })
}

export async function toastHeaders(context: LoadContext, toast: Toast, headers = new Headers()): Promise<Headers> {
  headers.append('Set-Cookie', await toastCookie(context).serialize(toast))
  return headers
}

export async function redirectWithToast(context: LoadContext, url: string, toast: Toast, headers?: Headers) {
  return redirect(url, { headers: await toastHeaders(context, toast, headers) })
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeToast(request: Request, context: LoadContext): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = toastCookie(context)
  const raw: unknown = await cookie.parse(request.headers.get('Cookie'))
  const parsed = toastSchema.safeParse(raw)
  const headers = new Headers()
  if (raw !== null && raw !== undefined) headers.append('Set-Cookie', await cookie.serialize('', { maxAge: 0 }))
  return { toast: parsed.success ? parsed.data : null, headers }
}
