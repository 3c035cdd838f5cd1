import { formTicket } from '~/server/services/form-ticket.server'
import type { Route } from './+types/form-ticket'

/** A fresh ticket for the lead form a page has just shown (the time trap, form-ticket.server.ts). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(
    { ticket: formTicket(context.config.cookieSecret) },
    { headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } },
  )
}
