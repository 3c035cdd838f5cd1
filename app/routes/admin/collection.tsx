import { Link } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { useOrderedRows } from '~/components/admin/ordered-rows'
import { ListHeader, RecordTable, RowActions } from '~/components/admin/record-list'
import { COLLECTIONS } from '~/lib/collections'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { collectionIn } from '~/server/http/collections.server'
import { listAnswer, missedDeleteToast } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { listItems } from '~/server/repositories/collection-items.server'
import { requireUser } from '~/server/services/auth.server'
import { COLLECTION_MESSAGES, removeItem, reorderCollection } from '~/server/services/collections.server'
import type { Route } from './+types/collection'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  screenMeta(loaderData ? COLLECTIONS[loaderData.collection].label : 'Collections')({ matches })

export async function loader({ request, context, pattern, params }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const collection = collectionIn(params)
  const nameField = COLLECTIONS[collection].nameField
  const items = await listItems(context.db, collection)
  return {
    collection,
    rows: items.map((item) => ({ id: item.id, version: item.version, name: String((item.data as Record<string, unknown>)[nameField]) })),
  }
}

const readableId = (id: FormDataEntryValue | null): id is string => typeof id === 'string' && id !== '' && id.length <= MAX_ID_LENGTH

/** Deletes an item, or stores the list's new order (every id, in order). */
export async function action({ request, context, pattern, params }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const collection = collectionIn(params)
  const { item } = COLLECTIONS[collection]
  const form = await readForm(request)
  if (form.get('intent') === 'reorder') {
    const ids = form.getAll('id')
    if (ids.length === 0 || !ids.every(readableId))
      return listAnswer({ type: 'error', title: 'The new order could not be read. Reload the list and try again.' })
    const outcome = await reorderCollection(context, user, collection, ids)
    return outcome === 'saved'
      ? listAnswer({ type: 'success', title: 'Order saved' })
      : listAnswer({ type: 'error', title: COLLECTION_MESSAGES.reorderStale }, 409)
  }
  const [id, version, name] = [form.get('id'), form.get('version'), form.get('name')]
  if (form.get('intent') !== 'delete' || !readableId(id) || typeof version !== 'string')
    return listAnswer({ type: 'error', title: `That ${item} could not be deleted: reload the list and try again.` })
  const outcome = await removeItem(context, user, collection, { id, version, name: typeof name === 'string' ? name : '' })
  return outcome === 'saved'
    ? listAnswer({ type: 'success', title: `The ${item} was deleted` })
    : listAnswer(missedDeleteToast(outcome, item))
}

export default function CollectionScreen({ loaderData: { collection, rows } }: Route.ComponentProps) {
  const { label, item, description } = COLLECTIONS[collection]
  const order = useOrderedRows(rows, (row) => row.name)
  const base = `/admin/collections/${collection}`
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/collections" className="font-medium text-primary underline underline-offset-4">
          Back to Collections
        </Link>
      </p>
      <div className="mt-2">
        <ListHeader title={label} newHref={`${base}/new`} newLabel={`New ${item}`} />
      </div>
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">{description} Drag or move them into the order the site shows.</p>
      {order.status}
      <RecordTable
        rows={order.rows}
        rowKey={(row) => row.id}
        rowTestId="collection-row"
        rowProps={order.rowProps}
        empty={{ title: `No ${item}s yet`, description: `Add a ${item} to show it wherever the site lists ${label.toLowerCase()}.` }}
        columns={[
          { header: 'Name', primary: true, cell: (row) => row.name },
          { header: 'Order', className: 'md:w-36', cell: order.orderCell },
        ]}
        actions={(row) => (
          <RowActions
            editHref={`${base}/edit/${row.id}`}
            name={row.name}
            deleteQuestion={`Are you sure you want to delete this ${item}?`}
            deleteConsequence={`${row.name} will be removed from every page that lists ${label.toLowerCase()}.`}
            deleteFields={{ id: row.id, version: row.version, name: row.name }}
          />
        )}
      />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load the collection')
