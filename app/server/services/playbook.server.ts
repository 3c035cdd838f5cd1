import type { LoadContext } from '~/server/services/load-context.server'
import { newId, nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'
import { listCaseStudies } from '~/server/repositories/case-studies.server'
import { getSiteSettings } from '~/server/repositories/settings.server'
import { readFile } from '~/server/services/media.server'
import type { PlaybookCaseStudy, PlaybookFirm } from '~/server/services/playbook-pdf.server'
import { readToken, signToken } from '~/server/services/signed-tokens.server'
import { logger } from '~/server/log.server'

/*
 * The playbook a lead downloads. The PDF is stored in the files table under its edition (a hash of
 * the content, the firm's details and the case studies it tells), so every instance serves the same
 * bytes, and a new site name, contact address, booking URL or edited case study makes a new edition.
 * A lead reaches it through a signed link, valid 7 days.
 */

const BUCKET = 'documents'
export const DOWNLOAD_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

/** The firm as the PDF names it: the site's name and address, and the contact e-mail and booking URL from settings. */
export async function playbookFirm(context: LoadContext): Promise<PlaybookFirm> {
  const { contactEmail, bookingUrl } = await getSiteSettings(context.db, context.config)
  return { siteName: context.config.siteName, siteUrl: context.config.siteUrl, email: contactEmail, bookingUrl }
}

// React-PDF is loaded once a playbook is first asked for: it costs a process tens of megabytes.
const playbookPdf = () => import('~/server/services/playbook-pdf.server')
const pathOf = async (firm: PlaybookFirm, studies: PlaybookCaseStudy[]) =>
  `playbook-${(await playbookPdf()).playbookEdition(firm, studies)}.pdf`

/** Renders in progress on this instance, by path: a burst of requests renders an edition once. */
const rendering = new Map<string, Promise<Buffer>>()

/**
 * The stored PDF of the current edition, rendered and stored first when there is none. Two instances
 * may render at once; the first insert wins and both serve its bytes. Older editions are removed.
 */
export async function storedPlaybook(db: Db, firm: PlaybookFirm): Promise<Buffer> {
  // Every case study on the site is published; the PDF tells the first few, in the site's order.
  const studies = await listCaseStudies(db)
  const path = await pathOf(firm, studies)
  const stored = await readFile(db, BUCKET, path)
  if (stored) return Buffer.from(stored.bytes)
  let render = rendering.get(path)
  if (!render) {
    render = storeNewEdition(db, firm, studies, path).finally(() => rendering.delete(path))
    rendering.set(path, render)
  }
  return render
}

async function storeNewEdition(db: Db, firm: PlaybookFirm, studies: PlaybookCaseStudy[], path: string): Promise<Buffer> {
  const bytes = await (await playbookPdf()).renderPlaybookPdf(firm, studies)
  const now = nowIso()
  await db
    .insertInto('files')
    .values({
      id: newId(),
      bucket: BUCKET,
      path,
      content_type: 'application/pdf',
      size: bytes.length,
      bytes,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['bucket', 'path']).doNothing())
    .execute()
  await db.deleteFrom('files').where('bucket', '=', BUCKET).where('path', 'like', 'playbook-%').where('path', '!=', path).execute()
  return Buffer.from((await readFile(db, BUCKET, path))!.bytes)
}

/** Renders the current edition ahead of the first download, so the lead does not wait for it. */
export function preparePlaybook(context: LoadContext): void {
  playbookFirm(context)
    .then((firm) => storedPlaybook(context.db, firm))
    .catch((error: unknown) => logger.error({ err: error }, 'Preparing the playbook PDF failed (it is rendered on download instead)'))
}

/** A link token for one lead: its id and the moment the link stops working, signed with the site's secret. */
export function downloadToken(secret: string, leadId: string, now = Date.now()): string {
  return signToken(secret, 'playbook-download', [leadId, String(Math.floor((now + DOWNLOAD_DAYS * DAY_MS) / 1000))])
}

export type TokenCheck = { ok: true; leadId: string } | { ok: false; reason: 'invalid' | 'expired' }

/** Whether a token is one this site signed, and still valid. The signature is checked before the date. */
export function checkDownloadToken(secret: string, token: string, now = Date.now()): TokenCheck {
  const fields = readToken(secret, 'playbook-download', token, 2)
  if (!fields || !/^\d{1,12}$/.test(fields[1]!)) return { ok: false, reason: 'invalid' }
  return Number(fields[1]) * 1000 > now ? { ok: true, leadId: fields[0]! } : { ok: false, reason: 'expired' }
}
