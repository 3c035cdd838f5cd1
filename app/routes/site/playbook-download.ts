import { redirect } from 'react-router'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { unlessDatabaseDown } from '~/server/http/database-down.server'
import { getInquiry } from '~/server/repositories/inquiries.server'
import { checkDownloadToken, playbookFirm, storedPlaybook } from '~/server/services/playbook.server'
import type { Route } from './+types/playbook-download'

/**
 * The playbook PDF for the lead a signed link names. A link that is expired, forged or for a lead
 * that was erased goes back to the playbook page, which says so and offers the form again.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return unlessDatabaseDown(request, async () => {
    const check =
      params.token.length <= MAX_ID_LENGTH + 64
        ? checkDownloadToken(context.config.cookieSecret, params.token)
        : ({ ok: false, reason: 'invalid' } as const)
    const lead = check.ok ? await getInquiry(context.db, check.leadId) : undefined
    if (!check.ok || lead?.kind !== 'playbook') throw redirect(`/resources/ai-playbook?link=${check.ok ? 'invalid' : check.reason}`)
    const pdf = await storedPlaybook(context.db, await playbookFirm(context))
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': 'attachment; filename="small-business-ai-playbook.pdf"',
        // The link is personal: no shared cache keeps it.
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    })
  })
}
