import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { recordListScreen } from '~/components/admin/record-list'
import { adminSection } from '~/lib/admin-sections'
import { REDIRECT_STATUS_LABELS } from '~/lib/redirect-schema'
import { deleteAction, listLoader } from '~/server/http/editor.server'
import { deleteRedirect, listRedirects } from '~/server/repositories/redirects.server'

const section = adminSection('redirects')
export const loader = listLoader(listRedirects)
export const action = deleteAction(section, { remove: deleteRedirect })

export default recordListScreen<typeof loader>(section, {
  columns: [
    { header: 'From', primary: true, cell: (redirect) => <span className="break-all font-mono text-sm">{redirect.fromPath}</span> },
    { header: 'To', cell: (redirect) => <span className="break-all font-mono text-sm">{redirect.toTarget}</span> },
    { header: 'Type', className: 'whitespace-nowrap', cell: (redirect) => REDIRECT_STATUS_LABELS[redirect.status] },
  ],
  name: (redirect) => `the redirect from ${redirect.fromPath}`,
  viewHref: (redirect) => redirect.fromPath,
  deleteConsequence: (redirect) =>
    `Visitors to ${redirect.fromPath} will no longer be sent to ${redirect.toTarget}; they will see whatever is at that address, or the not-found page.`,
})

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
