import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader, RecordTable } from '~/components/admin/record-list'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { DateTime } from '~/components/ui/date-time'
import { formatBytes } from '~/lib/images'
import { formatWait } from '~/lib/leads'
import { cn } from '~/lib/utils'
import { databaseServerVersion } from '~/server/db/server-version.server'
import { ALIVE_WITHIN_MS } from '~/server/host/instance-heartbeat.server'
import { lastBackup } from '~/server/repositories/app-meta.server'
import { listInstances } from '~/server/repositories/instances.server'
import { outboxBacklog } from '~/server/repositories/outbox.server'
import { listServerErrors } from '~/server/repositories/server-errors.server'
import { requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/system'

/*
 * How the site itself is doing, for its Owners: the build the instances run, the database, which
 * instances are alive (each writes its row every 15 seconds: server/host/instance-heartbeat.server.ts),
 * notifications waiting, the last backup and the latest errors (server/host/error-recorder.server.ts).
 * Read only; a reload shows the present.
 */

export const meta = screenMeta('System')

const ERRORS_SHOWN = 20
// A backup older than this is worth a word: a week of leads and edits would be lost with the disk.
const BACKUP_STALE_MS = 7 * 24 * 60 * 60 * 1000

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const now = Date.now()
  const target = context.config.database
  const [database, instances, backlog, backup, errors] = await Promise.all([
    databaseServerVersion(context.db, target.kind),
    listInstances(context.db, new Date(now - ALIVE_WITHIN_MS).toISOString()),
    outboxBacklog(context.db),
    // On PostgreSQL backups are pg_dump's, which the site never hears of.
    target.kind === 'sqlite' ? lastBackup(context.db) : null,
    listServerErrors(context.db, ERRORS_SHOWN),
  ])
  return {
    database,
    // The file, so an Owner knows what to copy; never a PostgreSQL address, which holds its password.
    databaseFile: target.kind === 'sqlite' ? target.path : null,
    node: process.version,
    instances,
    backlog: { ...backlog, oldestPendingMs: backlog.oldestPendingAt === null ? null : now - Date.parse(backlog.oldestPendingAt) },
    backup: target.kind === 'sqlite' ? { recorded: backup, stale: backup !== null && now - Date.parse(backup.at) > BACKUP_STALE_MS } : null,
    errors,
  }
}

export default function AdminSystem({ loaderData }: Route.ComponentProps) {
  const { database, databaseFile, node, instances, backlog, backup, errors } = loaderData
  const versions = [...new Set(instances.filter((instance) => instance.alive).map((instance) => instance.version))]
  return (
    <>
      <ListHeader title="System" />
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
        What the site runs on and how it is doing, as of this page’s loading: reload it to see the present.
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-2 2xl:grid-cols-4">
        <Section title="Version" testId="system-version">
          {versions.length === 1 ? (
            <p>
              Build <code className="font-mono">{versions[0]}</code>
            </p>
          ) : versions.length > 1 ? (
            <p>
              <Badge variant="warning">Mixed</Badge> The instances run {versions.length} builds:{' '}
              <code className="font-mono">{versions.join(', ')}</code>. Normal during a deployment; otherwise restart the older ones.
            </p>
          ) : (
            <p>No instance has reported its build in the last minute.</p>
          )}
          <p className="text-muted-foreground">Node.js {node}</p>
        </Section>
        <Section title="Database" testId="system-database">
          <p>{database}</p>
          {databaseFile && <p className="break-all text-muted-foreground">{databaseFile}</p>}
        </Section>
        <Section title="Notifications waiting" testId="outbox-backlog">
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
            <dt>Waiting to be sent</dt>
            <dd className="text-right tabular-nums">{backlog.pending}</dd>
            <dt>Failing, being retried</dt>
            <dd className="text-right tabular-nums">{backlog.failing}</dd>
            <dt>Given up on</dt>
            <dd className="text-right tabular-nums">{backlog.failed}</dd>
            <dt>Oldest waiting</dt>
            <dd className="text-right tabular-nums">{backlog.oldestPendingMs === null ? 'None' : formatWait(backlog.oldestPendingMs)}</dd>
          </dl>
          <Link to="/admin/notifications" className="text-primary underline underline-offset-4">
            Notifications
          </Link>
        </Section>
        <Section title="Last backup" testId="last-backup">
          {backup?.recorded ? (
            <>
              <p>
                <DateTime iso={backup.recorded.at} /> {backup.stale && <Badge variant="warning">Over a week old</Badge>}
              </p>
              <p className="break-all text-muted-foreground">
                {backup.recorded.path} ({formatBytes(backup.recorded.bytes)})
              </p>
            </>
          ) : (
            <p>No backup recorded.</p>
          )}
          <p className="text-muted-foreground">
            {backup
              ? 'Back up with npm run db:backup on the server, safe while the site runs.'
              : 'On PostgreSQL the site is backed up with pg_dump, which it does not see.'}{' '}
            See “Backups” in docs/operations.md.
          </p>
        </Section>
      </div>

      <h2 className="mt-8 text-lg font-semibold">Instances</h2>
      <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
        Each instance reports every 15 seconds. One not seen in the last minute is greyed: it crashed or lost its database. One that stopped
        cleanly leaves the list; the others leave it after a day.
      </p>
      <RecordTable
        rows={instances}
        rowKey={(instance) => instance.name}
        rowTestId="instance-row"
        rowProps={(instance) => ({ className: cn(!instance.alive && 'opacity-60') })}
        empty={{ title: 'No instance has reported yet.', description: 'Each running instance appears here within 15 seconds of starting.' }}
        columns={[
          {
            header: 'Name',
            primary: true,
            className: 'md:whitespace-nowrap',
            cell: (instance) => <span className="[overflow-wrap:anywhere]">{instance.name}</span>,
          },
          {
            header: 'Status',
            className: 'md:whitespace-nowrap',
            cell: (instance) =>
              instance.alive ? <Badge variant="success">Running</Badge> : <Badge variant="muted">Not seen lately</Badge>,
          },
          { header: 'Host', cell: (instance) => <Labelled label="Host">{instance.host}</Labelled> },
          { header: 'Process', className: 'md:whitespace-nowrap', cell: (instance) => <Labelled label="Process">{instance.pid}</Labelled> },
          {
            header: 'Build',
            className: 'md:whitespace-nowrap',
            cell: (instance) => (
              <Labelled label="Build">
                <code className="font-mono">{instance.version}</code>
              </Labelled>
            ),
          },
          {
            header: 'Started',
            className: 'md:whitespace-nowrap',
            cell: (instance) => (
              <Labelled label="Started">
                <DateTime iso={instance.startedAt} />
              </Labelled>
            ),
          },
          {
            header: 'Last seen',
            className: 'md:whitespace-nowrap',
            cell: (instance) => (
              <Labelled label="Last seen">
                <DateTime iso={instance.lastSeenAt} seconds />
              </Labelled>
            ),
          },
        ]}
      />

      <h2 className="mt-8 text-lg font-semibold">Recent errors</h2>
      <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
        The latest {ERRORS_SHOWN} errors the instances logged, newest first. The request id finds the whole story in the logs.
      </p>
      <RecordTable
        rows={errors}
        rowKey={(error) => error.id}
        rowTestId="error-row"
        empty={{ title: 'No errors recorded.', description: 'An error the server logs appears here within a few seconds.' }}
        columns={[
          {
            header: 'Time',
            primary: true,
            className: 'md:whitespace-nowrap',
            cell: (error) => <DateTime iso={error.occurredAt} seconds />,
          },
          {
            header: 'Instance',
            className: 'md:whitespace-nowrap',
            cell: (error) => <Labelled label="Instance">{error.instance}</Labelled>,
          },
          { header: 'Path', cell: (error) => <Labelled label="Path">{error.path ?? '–'}</Labelled> },
          {
            header: 'Request id',
            cell: (error) => (
              <Labelled label="Request id">
                <span className="font-mono">{error.requestId ?? '–'}</span>
              </Labelled>
            ),
          },
          { header: 'Message', cell: (error) => <span className="break-words whitespace-pre-wrap">{error.message}</span> },
        ]}
      />
    </>
  )
}

/** A cell's value; on phones, where the table's headings are hidden, its label before it. */
function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <span className="[overflow-wrap:anywhere]">
      <span className="md:hidden">{label}: </span>
      {children}
    </span>
  )
}

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Card className="min-w-0" data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">{children}</CardContent>
    </Card>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load the System screen')
