import { refreshSessionCookie } from '~/server/services/auth.server'
import type { Route } from './+types/session'

/** Called by the admin shell every 10 minutes: 200 with a renewed cookie, or 401 when the session is gone. */
export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await refreshSessionCookie(request, context)
  if (!setCookie) return Response.json({ ok: false }, { status: 401, headers: { 'Cache-Control': 'no-store' } })
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' } })
}
