import { ArrowDown, ArrowUp, ChevronDown, Copy, Eye, EyeOff, GripVertical, Trash2, TriangleAlert } from 'lucide-react'
import { BLOCKS } from '~/lib/blocks/catalog'
import type { Block } from '~/lib/page-content'
import { fieldErrorClass } from '~/lib/field-note'
import { cn } from '~/lib/utils'
import { Badge } from '~/components/ui/badge'
import { usePageEditor } from './editor-context'
import { FieldsForm, IconButton, type Update } from './field-controls'
import { type Item, blockSummary, loneCardWarning } from './page-draft'

export type BlockAction = 'up' | 'down' | 'duplicate' | 'toggle-hidden' | 'delete'

/** Where a drag over a card would drop the dragged block: before it or after it. */
export type DropSide = 'before' | 'after'

/**
 * One block of the page: its kind and title, the controls that move, copy, hide and delete it (each a
 * button, so the keyboard does all a mouse does), a handle to drag it, and its fields, opened on demand.
 */
export function BlockCard({
  block,
  index,
  count,
  open,
  onToggleOpen,
  onAction,
  update,
  drag,
}: {
  block: Block
  index: number
  count: number
  open: boolean
  onToggleOpen: () => void
  onAction: (action: BlockAction) => void
  update: Update
  drag: {
    start: (event: React.DragEvent) => void
    over: (event: React.DragEvent) => void
    drop: (event: React.DragEvent) => void
    end: () => void
    dropSide: DropSide | null
    dragging: boolean
  }
}) {
  const { errors } = usePageEditor()
  const definition = BLOCKS[block.type]
  const at = ['blocks', index] as const
  const blockError = errors[`blocks.${index}.type`] ?? errors[`blocks.${index}`]
  const fieldErrors = Object.keys(errors).filter((key) => key.startsWith(`blocks.${index}.data.`)).length
  const warning = loneCardWarning(block)
  const summary = blockSummary(block)
  const name = `${definition.label}${summary ? `: ${summary}` : ''}`
  const panelId = `block-${block.id}-fields`
  return (
    <li
      data-testid="block-card"
      data-block-type={block.type}
      onDragOver={drag.over}
      onDrop={drag.drop}
      className={cn(
        'relative rounded-2xl border bg-card shadow-[0_1px_3px_rgb(15_27_61/0.06)]',
        block.hidden && 'border-dashed bg-muted/40',
        drag.dragging && 'opacity-50',
        (blockError || fieldErrors > 0) && 'border-destructive/60',
      )}
    >
      {drag.dropSide && (
        <span
          aria-hidden
          className={cn('absolute inset-x-2 h-1 rounded-full bg-primary', drag.dropSide === 'before' ? '-top-2.5' : '-bottom-2.5')}
        />
      )}
      <div className="flex flex-wrap items-center gap-2 p-3 sm:flex-nowrap">
        <span
          draggable
          onDragStart={drag.start}
          onDragEnd={drag.end}
          title="Drag to reorder"
          className="hidden cursor-grab touch-none rounded-md p-1 text-muted-foreground hover:bg-muted active:cursor-grabbing sm:block"
        >
          <GripVertical aria-hidden className="size-5" />
        </span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggleOpen}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-lg px-1 py-1 text-left outline-none focus-visible:ring-3 focus-visible:ring-ring/60"
        >
          <ChevronDown aria-hidden className={cn('size-4 shrink-0 transition-transform', !open && '-rotate-90')} />
          <span className="min-w-0">
            <span className="block text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {index + 1}. {definition.label}
            </span>
            <span className="block truncate font-medium">{summary || <span className="text-muted-foreground">No title</span>}</span>
          </span>
        </button>
        <span className="flex flex-wrap items-center gap-1">
          {block.hidden && <Badge variant="muted">Hidden</Badge>}
          {fieldErrors > 0 && (
            <Badge className="bg-red-50 text-destructive">
              {fieldErrors} {fieldErrors === 1 ? 'problem' : 'problems'}
            </Badge>
          )}
        </span>
        <span className="ml-auto flex shrink-0 items-center">
          <IconButton label={`Move ${name} up`} disabled={index === 0} onClick={() => onAction('up')}>
            <ArrowUp aria-hidden />
          </IconButton>
          <IconButton label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onAction('down')}>
            <ArrowDown aria-hidden />
          </IconButton>
          <IconButton label={`Duplicate ${name}`} onClick={() => onAction('duplicate')}>
            <Copy aria-hidden />
          </IconButton>
          <IconButton
            label={`${block.hidden ? 'Show' : 'Hide'} ${name}`}
            aria-pressed={block.hidden}
            onClick={() => onAction('toggle-hidden')}
          >
            {block.hidden ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          </IconButton>
          <IconButton label={`Delete ${name}`} onClick={() => onAction('delete')} className="size-8 text-destructive hover:bg-red-50">
            <Trash2 aria-hidden />
          </IconButton>
        </span>
      </div>
      {blockError && <p className={cn(fieldErrorClass, 'px-4 pb-3')}>{blockError}</p>}
      {warning && (
        <p className="mx-4 mb-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="block-warning">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {warning}
        </p>
      )}
      <div id={panelId} hidden={!open} className="border-t p-4 sm:p-5">
        {open && <FieldsForm fields={definition.fields} value={block.data as unknown as Item} at={[...at, 'data']} update={update} />}
      </div>
    </li>
  )
}
