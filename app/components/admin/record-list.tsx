import { ExternalLink, Eye, Pencil, Plus, Trash2 } from 'lucide-react'
import { Link, useLoaderData } from 'react-router'
import { ConfirmDeleteButton, type DeleteRefusal } from '~/components/admin/confirm-delete'
import { useOrderedRows } from '~/components/admin/ordered-rows'
import { useListFetcher } from '~/components/admin/use-list-fetcher'
import { Avatar } from '~/components/ui/avatar'
import { Pagination } from '~/components/ui/pagination'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import type { RecordSection } from '~/lib/admin-sections'
import { cn } from '~/lib/utils'

/** What a section's list shows of each record, and what it says before deleting one. */
export interface ListView<R> {
  columns: Column<R>[]
  name: (row: R) => string
  deleteConsequence: (row: R) => string
  /** Why the row cannot be deleted now (an image in use), said instead of asking; null when it can. */
  deleteRefusal?: (row: R) => DeleteRefusal | null
  /** The record's page on the site, where it has one. */
  viewHref?: (row: R) => string | null
  /** Where a record not yet public is shown as visitors will see it, to those who may edit it. */
  previewHref?: (row: R) => string | null
  /** Actions of the section's own, before the link, edit and delete. */
  actions?: (row: R) => React.ReactNode
  /** False where records are only made elsewhere (images come with their records): no "new" button. */
  creates?: boolean
  /** False for rows this admin may not change (an Author's published post): no edit or delete. */
  changeable?: (row: R) => boolean
  /** The records are ordered by hand on the list (the order the site shows them): moved by drag or by Move up / Move down. */
  ordered?: boolean
}

type Versioned = { id: string; version: string }
type ListLoader = (...args: never[]) => Promise<{ rows: Versioned[]; page?: number; pageCount?: number; trashed?: number | null }>

/**
 * A section's list screen, as a route's component: its heading and "new" button, then the rows its
 * loader gave, each with its own actions (if any), a link to it on the site, edit, and delete at the
 * version shown (undone from its toast), and the way to its records in the Trash.
 */
export function recordListScreen<L extends ListLoader>(section: RecordSection, view: ListView<Awaited<ReturnType<L>>['rows'][number]>) {
  return function RecordListScreen() {
    const { rows, page = 1, pageCount = 1, trashed } = useLoaderData<L>() as Awaited<ReturnType<L>>
    return (
      <>
        <RecordList section={section} rows={rows} {...view} />
        <Pagination
          page={page}
          pageCount={pageCount}
          items={section.records}
          hrefFor={(to) => (to > 1 ? `${section.path}?page=${to}` : section.path)}
          className="mt-6"
        />
        <TrashLink count={trashed} />
      </>
    )
  }
}

/** The way to the section's records in the Trash, where they can be brought back for 30 days. */
export function TrashLink({ count }: { count: number | null | undefined }) {
  if (!count) return null
  return (
    <p className="mt-6 text-right text-sm">
      <Link to="/admin/trash" className="inline-flex items-center gap-1.5 font-semibold text-primary underline underline-offset-4">
        <Trash2 aria-hidden className="size-4" />
        Trash ({count})
      </Link>
    </p>
  )
}

/** The Undo a delete's toast offers: it brings the Trash item back from the list, whose rows then show it again. */
export function useUndoDelete() {
  const fetcher = useListFetcher()
  return (trashId: string) => fetcher.submit({ intent: 'undo', trashId }, { method: 'post' })
}

function RecordList<R extends Versioned>({
  section,
  rows,
  columns,
  name,
  deleteConsequence,
  deleteRefusal,
  viewHref,
  previewHref,
  actions,
  creates = true,
  changeable,
  ordered = false,
}: ListView<R> & { section: RecordSection; rows: R[] }) {
  const order = useOrderedRows(rows, name)
  const undo = useUndoDelete()
  return (
    <>
      <ListHeader title={section.title} newHref={creates ? `${section.path}/new` : undefined} newLabel={section.createTitle} />
      {ordered && order.status}
      <RecordTable
        rows={ordered ? order.rows : rows}
        rowKey={(row) => row.id}
        rowTestId={section.rowTestId}
        rowProps={ordered ? order.rowProps : undefined}
        empty={section.empty}
        // The order's controls come after the record's own cells, so its name is still read first.
        columns={ordered ? [...columns, { header: 'Order', className: 'md:w-36', cell: order.orderCell }] : columns}
        actions={(row) => (
          <>
            {actions?.(row)}
            <ViewOnSite href={viewHref?.(row) ?? null} name={name(row)} />
            <ViewOnSite href={previewHref?.(row) ?? null} name={name(row)} preview />
            {(changeable?.(row) ?? true) && (
              <RowActions
                editHref={`${section.path}/edit/${row.id}`}
                name={name(row)}
                deleteQuestion={section.deleteQuestion}
                deleteConsequence={deleteConsequence(row)}
                deleteRefusal={deleteRefusal?.(row)}
                deleteFields={{ id: row.id, version: row.version }}
                onUndo={undo}
              />
            )}
          </>
        )}
      />
    </>
  )
}

function ViewOnSite({ href, name, preview = false }: { href: string | null; name: string; preview?: boolean }) {
  if (!href) return null
  return (
    <Button asChild variant="ghost" size="icon">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={
          preview ? `Preview ${name} as visitors will see it (opens in a new tab)` : `View ${name} on the site (opens in a new tab)`
        }
        title={preview ? 'Preview' : 'View on site'}
      >
        {preview ? <Eye aria-hidden /> : <ExternalLink aria-hidden />}
      </a>
    </Button>
  )
}

/** A person's name cell: their photo, or initials, beside the name. */
export function PersonCell({ name, src }: { name: string; src: string | null }) {
  return (
    <span className="flex items-center gap-3">
      <Avatar name={name} src={src} decorative className="size-10 text-sm" />
      <span className="min-w-0 break-words">{name}</span>
    </span>
  )
}

/** A list screen's title with its one "new" button. */
export function ListHeader({ title, newHref, newLabel }: { title: string; newHref?: string; newLabel?: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {newHref && (
        <Button asChild>
          <Link to={newHref}>
            <Plus aria-hidden />
            {newLabel}
          </Link>
        </Button>
      )}
    </div>
  )
}

export interface Column<R> {
  header: string
  /** The row's heading cell (its name), read first by screen readers and shown first on phones. */
  primary?: boolean
  cell: (row: R) => React.ReactNode
  className?: string
}

/**
 * Every admin list: a card holding a table whose rows reflow into stacked cards below `md`, so a
 * phone never scrolls sideways, an empty state when there is nothing yet, and one actions cell.
 */
export function RecordTable<R>({
  rows,
  columns,
  rowKey,
  rowTestId,
  rowProps,
  empty,
  actions,
}: {
  rows: R[]
  columns: Column<R>[]
  rowKey: (row: R) => string
  rowTestId?: string
  /** More of each row's attributes (a list ordered by hand takes drops on its rows). */
  rowProps?: (row: R) => React.ComponentProps<'tr'>
  empty: { title: string; description: string }
  /** One cell of buttons per row; a list only to read has none. */
  actions?: (row: R) => React.ReactNode
}) {
  return (
    <Card className="mt-6 overflow-hidden">
      {rows.length === 0 ? (
        <div className="p-10 text-center">
          <p className="font-semibold">{empty.title}</p>
          <p className="mt-1 text-sm text-muted-foreground">{empty.description}</p>
        </div>
      ) : (
        <table className="block w-full text-left text-sm md:table">
          <thead className="hidden border-b bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase md:table-header-group">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-4 py-3 font-semibold">
                  {column.header}
                </th>
              ))}
              {actions && (
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody className="block divide-y md:table-row-group">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                data-testid={rowTestId}
                {...rowProps?.(row)}
                className={cn('grid grid-cols-1 gap-y-1 p-4 align-middle md:table-row md:p-0', rowProps?.(row).className)}
              >
                {columns.map((column) => {
                  const Cell = column.primary ? 'th' : 'td'
                  return (
                    <Cell
                      key={column.header}
                      scope={column.primary ? 'row' : undefined}
                      className={cn(
                        'min-w-0 break-words md:px-4 md:py-3',
                        column.primary ? 'font-medium' : 'text-muted-foreground',
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </Cell>
                  )
                })}
                {/* On phones the actions go under the stacked cells, so a long title and two buttons both fit. */}
                {actions && (
                  <td className="mt-1 md:mt-0 md:px-4 md:py-3">
                    <div className="flex flex-wrap items-center gap-1 md:flex-nowrap md:justify-end">{actions(row)}</div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  )
}

/**
 * Edit and delete for one row. The delete posts the row's id and the version the list showed, so a
 * row changed meanwhile is not deleted unseen; its answer's toast shows here, with Undo.
 */
export function RowActions({
  editHref,
  name,
  deleteQuestion,
  deleteConsequence,
  deleteRefusal,
  deleteFields,
  onUndo,
}: {
  editHref: string
  name: string
  deleteQuestion: string
  deleteConsequence: string
  deleteRefusal?: DeleteRefusal | null
  deleteFields: Record<string, string>
  /** Brings a deleted record back from the Trash: the Undo of the delete's toast. */
  onUndo?: (trashId: string) => void
}) {
  const fetcher = useListFetcher(onUndo)
  return (
    <>
      <Button asChild variant="ghost" size="icon">
        <Link to={editHref} aria-label={`Edit ${name}`} title="Edit">
          <Pencil aria-hidden />
        </Link>
      </Button>
      <ConfirmDeleteButton
        question={deleteQuestion}
        itemName={name}
        consequence={deleteConsequence}
        refusal={deleteRefusal}
        disabled={fetcher.state !== 'idle'}
        onConfirm={() => fetcher.submit({ intent: 'delete', ...deleteFields }, { method: 'post' })}
      />
    </>
  )
}
