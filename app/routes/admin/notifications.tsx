import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader, RecordTable } from '~/components/admin/record-list'
import { useListFetcher } from '~/components/admin/use-list-fetcher'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { DateTime } from '~/components/ui/date-time'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { LEADS_PER_HOUR } from '~/lib/leads'
import { listAnswer } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { untrustedProxySeenAt } from '~/server/repositories/app-meta.server'
import {
  dismissNotification,
  listNotificationProblems,
  type NotificationProblem,
  retryNotification,
} from '~/server/repositories/outbox.server'
import { getSiteSettings, getWebhookUrl } from '~/server/repositories/settings.server'
import { requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/notifications'
import { logger } from '~/server/log.server'

export const meta = screenMeta('Notifications')

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const [problems, { contactEmail }, webhookUrl, proxySeenAt] = await Promise.all([
    listNotificationProblems(context.db),
    getSiteSettings(context.db, context.config),
    getWebhookUrl(context.db),
    untrustedProxySeenAt(context.db),
  ])
  return {
    problems,
    // Once TRUST_PROXY is set, a proxy seen before it was is no longer a problem.
    untrustedProxySince: context.config.trustProxy === false ? proxySeenAt : null,
    // Where notifications go now; the webhook by its host only, since its full address is a secret.
    email: context.config.smtpUrl ? contactEmail : null,
    webhook: webhookUrl ? new URL(webhookUrl).host : null,
  }
}

export async function action({ request, context, pattern }: Route.ActionArgs) {
  await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const [intent, id] = [form.get('intent'), form.get('id')]
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH || (intent !== 'retry' && intent !== 'dismiss')) {
    return listAnswer({ type: 'error', title: 'That action is not available for notifications' })
  }
  try {
    if (intent === 'retry') {
      if (!(await retryNotification(context.db, id, new Date().toISOString())))
        return listAnswer({ type: 'error', title: 'This notification was already delivered or dismissed.' }, 404)
      context.notificationsQueued?.()
      return listAnswer({ type: 'success', title: 'Trying again now' })
    }
    if (!(await dismissNotification(context.db, id)))
      return listAnswer({ type: 'error', title: 'This notification is no longer failed.' }, 404)
    return listAnswer({ type: 'success', title: 'Notification dismissed' })
  } catch (error) {
    logger.error({ err: error }, `Notification ${intent} of ${id} failed`)
    return listAnswer({ type: 'error', title: 'Failed to update the notification' }, 500)
  }
}

const channelLabels: Record<NotificationProblem['channel'], string> = { email: 'E-mail', webhook: 'Webhook' }

export default function AdminNotifications({ loaderData: { problems, email, webhook, untrustedProxySince } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title="Notifications" />
      {untrustedProxySince && (
        <Alert variant="destructive" role="status" data-testid="proxy-warning" className="mt-4 max-w-3xl">
          <p className="font-semibold">Every visitor shares one address</p>
          <p className="mt-1">
            Requests reach this site through a proxy (noticed <DateTime iso={untrustedProxySince} />
            ), but the server's TRUST_PROXY setting is not set, so it sees the proxy's address for every visitor. After {
              LEADS_PER_HOUR
            }{' '}
            leads in an hour from all of them together, new leads are held under Spam without a notification, and sign-in limits count
            everyone's wrong passwords together. Set TRUST_PROXY to the number of proxies in front and restart. If no proxy is in front,
            someone sent a proxy's header by hand: leave TRUST_PROXY unset.
          </p>
        </Alert>
      )}
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
        Every new lead is announced to you. A notification that cannot be delivered is tried again, less and less often, for 24 hours; those
        still failing, and those given up on, are listed here; Retry now makes one more attempt at once. The leads themselves are always in
        the Inbox.
      </p>
      <Card className="mt-6">
        <CardContent className="grid gap-2 py-4 text-sm sm:grid-cols-2">
          <p>
            <span className="font-semibold">E-mail: </span>
            {email ? `to ${email}` : 'off (the server has no SMTP_URL)'}
          </p>
          <p>
            <span className="font-semibold">Webhook: </span>
            {webhook ? `to ${webhook}` : 'off'} (
            <Link to="/admin/settings?tab=site" className="text-primary underline underline-offset-4">
              Site Settings
            </Link>
            )
          </p>
        </CardContent>
      </Card>
      <RecordTable
        rows={problems}
        rowKey={(problem) => problem.id}
        rowTestId="notification-row"
        empty={{ title: 'Every notification was delivered', description: 'A notification that fails shows here, with the reason.' }}
        columns={[
          {
            header: 'Lead',
            primary: true,
            cell: (problem) => (
              <Link to={`/admin/inbox/${problem.leadId}`} className="hover:underline">
                {problem.leadName}
              </Link>
            ),
          },
          { header: 'Channel', cell: (problem) => channelLabels[problem.channel] },
          {
            header: 'Status',
            cell: (problem) =>
              problem.status === 'failed' ? <Badge variant="warning">Failed</Badge> : <Badge variant="muted">Retrying</Badge>,
          },
          { header: 'Attempts', cell: (problem) => problem.attempts },
          { header: 'Last error', cell: (problem) => <span className="break-all">{problem.lastError}</span> },
          {
            header: 'Next attempt',
            className: 'whitespace-nowrap',
            cell: (problem) => (problem.status === 'failed' ? 'None' : <DateTime iso={problem.nextAttemptAt} />),
          },
        ]}
        actions={(problem) => <ProblemActions problem={problem} />}
      />
    </>
  )
}

/** Retry now (any listed row) and Dismiss (a failed one); the answer's toast shows here. */
function ProblemActions({ problem }: { problem: NotificationProblem }) {
  const fetcher = useListFetcher()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" className="flex gap-1">
      <input type="hidden" name="id" value={problem.id} />
      <Button type="submit" name="intent" value="retry" variant="outline" size="sm" disabled={busy}>
        Retry now
      </Button>
      {problem.status === 'failed' && (
        <Button type="submit" name="intent" value="dismiss" variant="ghost" size="sm" disabled={busy}>
          Dismiss
        </Button>
      )}
    </fetcher.Form>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load notifications')
