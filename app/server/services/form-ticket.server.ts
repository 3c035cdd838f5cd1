import { readToken, signToken } from '~/server/services/signed-tokens.server'

/*
 * The time trap of the lead forms. The page fetches a ticket (the moment, signed) once it shows the
 * form; a form sent within LEAST_FORM_MS of its ticket, or with a forged or day-old one, was most
 * likely sent by a script. Such a lead is kept with the Spam status rather than refused, so a person
 * is never lost. Pages come from the page cache, so the ticket is fetched fresh by each page, never
 * rendered in. A form with no ticket at all passes: that is also how a browser without JavaScript
 * sends it (the honeypot and the per-address limit still apply).
 */

const PURPOSE = 'lead-form-ticket'
/** The least time a person takes between seeing a form and sending it. */
export const LEAST_FORM_MS = 2_000
/** A ticket older than this (a tab left open for days) no longer vouches for anything. */
const TICKET_LIFE_MS = 24 * 60 * 60 * 1000

export const formTicket = (secret: string, now = Date.now()) => signToken(secret, PURPOSE, [String(now)])

export type SpamReason = 'honeypot' | 'too-fast' | 'bad-ticket' | 'old-ticket'

/** Why a lead form looks sent by a script, or null when it passed the time trap. */
export function timeTrapReason(secret: string, ticket: unknown, now = Date.now()): SpamReason | null {
  if (ticket === undefined || ticket === '') return null
  const fields = typeof ticket === 'string' && ticket.length <= 100 ? readToken(secret, PURPOSE, ticket, 1) : null
  const shownAt = fields && /^\d{1,15}$/.test(fields[0]!) ? Number(fields[0]) : null
  if (shownAt === null) return 'bad-ticket'
  if (now - shownAt < LEAST_FORM_MS) return 'too-fast'
  return now - shownAt > TICKET_LIFE_MS ? 'old-ticket' : null
}
