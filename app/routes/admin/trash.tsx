import { History, RotateCcw } from 'lucide-react'
import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ConfirmSubmit } from '~/components/admin/confirm-submit'
import { ListHeader, RecordTable } from '~/components/admin/record-list'
import { useListFetcher } from '~/components/admin/use-list-fetcher'
import { Button } from '~/components/ui/button'
import { adminSection } from '~/lib/admin-sections'
import { formatDateTime } from '~/lib/dates'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { useTimeZone } from '~/lib/use-time-zone'
import { listAnswer } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { listTrash } from '~/server/repositories/trash.server'
import { requireUser } from '~/server/services/auth.server'
import { daysLeft, deleteFromTrash, restoreFromTrash, trashLabel, trashSection } from '~/server/services/trash.server'
import type { Route } from './+types/trash'
import { logger } from '~/server/log.server'

/*
 * The Trash: what was deleted from six lists in the last 30 days, newest first, each restored where
 * it was or deleted for good; and the whole Trash emptied. Both of those ask first.
 */

const TITLE = 'Trash'
const HISTORY_TYPES = new Set(['post', 'case-study', 'page'])

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const now = new Date()
  const items = (await listTrash(context.db)).map((item) => ({
    ...item,
    kind: trashLabel(item.type),
    daysLeft: daysLeft(item.deletedAt, now),
    history: HISTORY_TYPES.has(item.type) ? `${adminSection(trashSection(item.type)).path}/history/${item.recordId}` : null,
  }))
  // Emptying lets go of what this screen showed, not of something deleted after it loaded.
  return { items, shownAt: now.toISOString() }
}

const readableId = (value: FormDataEntryValue | null): value is string =>
  typeof value === 'string' && value !== '' && value.length <= MAX_ID_LENGTH && !value.includes('\u0000')

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const intent = form.get('intent')
  const id = form.get('id')
  try {
    if (intent === 'restore' && readableId(id)) {
      const restored = await restoreFromTrash(context.db, context, id, user)
      if (!restored.ok) return listAnswer({ type: 'error', title: restored.message }, restored.status)
      return listAnswer({ type: 'success', title: `${restored.item.name || trashLabel(restored.item.type)} restored` })
    }
    if (intent === 'delete-forever' && readableId(id)) {
      const gone = await deleteFromTrash(context.db, { id })
      return gone > 0
        ? listAnswer({ type: 'success', title: 'Deleted for good' })
        : listAnswer({ type: 'error', title: 'This item is no longer in the Trash.' }, 404)
    }
    const shownAt = form.get('shownAt')
    if (intent === 'empty' && typeof shownAt === 'string' && !Number.isNaN(Date.parse(shownAt))) {
      const gone = await deleteFromTrash(context.db, { before: new Date(Date.parse(shownAt) + 1).toISOString() })
      return listAnswer({ type: 'success', title: gone === 1 ? '1 item deleted for good' : `${gone} items deleted for good` })
    }
  } catch (error) {
    logger.error({ err: error }, `The Trash's ${String(intent)} failed`)
    return listAnswer({ type: 'error', title: 'That did not work. Please try again.' }, 500)
  }
  return listAnswer({ type: 'error', title: 'That action is not available in the Trash' })
}

type Item = Route.ComponentProps['loaderData']['items'][number]

export default function Trash({ loaderData: { items, shownAt } }: Route.ComponentProps) {
  const timeZone = useTimeZone()
  const empty = useListFetcher()
  const count = items.length
  return (
    <>
      <ListHeader title={TITLE} />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-prose text-sm text-muted-foreground">
          Deleted posts, case studies, pages, team members, testimonials and authors wait here for 30 days. Restore one to bring it back
          where it was.
        </p>
        {count > 0 && (
          <empty.Form method="post">
            <input type="hidden" name="shownAt" value={shownAt} />
            <ConfirmSubmit
              name="intent"
              value="empty"
              variant="outline"
              disabled={empty.state !== 'idle'}
              question="Empty the Trash?"
              consequence={`${count === 1 ? 'The 1 item' : `All ${count} items`} in the Trash will be deleted for good, with the images only they use. This cannot be undone.`}
              confirm="Empty Trash"
              destructive
            >
              Empty Trash
            </ConfirmSubmit>
          </empty.Form>
        )}
      </div>
      <RecordTable
        rows={items}
        rowKey={(item) => item.id}
        rowTestId="trash-row"
        empty={{ title: 'The Trash is empty', description: 'What you delete from the lists waits here for 30 days.' }}
        columns={[
          {
            header: 'Name',
            primary: true,
            cell: (item) => (
              <span className="grid">
                <span>{item.name || <span className="italic">No name</span>}</span>
                {item.address && <code className="text-xs font-normal text-muted-foreground">{item.address}</code>}
              </span>
            ),
          },
          { header: 'Kind', cell: (item) => item.kind },
          {
            header: 'Deleted',
            cell: (item) => (
              <span className="grid text-xs">
                <span>{formatDateTime(item.deletedAt, timeZone)}</span>
                {item.userEmail && <span>by {item.userEmail}</span>}
              </span>
            ),
          },
          { header: 'Days left', cell: (item) => (item.daysLeft === 1 ? '1 day left' : `${item.daysLeft} days left`) },
        ]}
        actions={(item) => <ItemActions item={item} />}
      />
    </>
  )
}

/** Restore, the history (for records that keep one), and Delete forever, which asks first. */
function ItemActions({ item }: { item: Item }) {
  const fetcher = useListFetcher()
  const name = item.name || item.kind
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-1 md:flex-nowrap">
      <input type="hidden" name="id" value={item.id} />
      <Button type="submit" name="intent" value="restore" variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
        <RotateCcw aria-hidden />
        Restore<span className="sr-only"> {name}</span>
      </Button>
      {item.history && (
        <Button asChild variant="ghost" size="icon">
          <Link to={item.history} aria-label={`History of ${name}`} title="History">
            <History aria-hidden />
          </Link>
        </Button>
      )}
      <ConfirmSubmit
        name="intent"
        value="delete-forever"
        variant="ghost"
        size="sm"
        className="text-destructive"
        disabled={fetcher.state !== 'idle'}
        question={`Delete “${name}” for good?`}
        consequence="It leaves the Trash, with the images only it uses. This cannot be undone."
        confirm="Delete forever"
        destructive
      >
        Delete forever<span className="sr-only"> {name}</span>
      </ConfirmSubmit>
    </fetcher.Form>
  )
}

export const meta = screenMeta(TITLE)
export const ErrorBoundary = adminErrorBoundary('Failed to load the Trash')
