import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import type { ListAnswer } from '~/components/admin/use-list-fetcher'
import { Button } from '~/components/ui/button'
import { moveMessage } from '~/lib/record-order'
import { cn } from '~/lib/utils'

type Direction = 'up' | 'down'

/**
 * A list ordered by hand: each row gets a drag handle (native drag and drop) and Move up / Move down
 * buttons for the keyboard. A move shows at once and is sent to the list's action as the whole new
 * order (intent 'reorder'); the loader's answer then shows what was stored, so a refused order
 * (someone else added or deleted a row) puts the list back and says why in a toast. Focus stays on
 * the moved row's button and a live region says where the row went.
 */
export function useOrderedRows<R extends { id: string }>(rows: R[], name: (row: R) => string) {
  const fetcher = useFetcher<ListAnswer>()
  const [shown, setShown] = useState(rows)
  const [loaded, setLoaded] = useState(rows)
  if (rows !== loaded) {
    setLoaded(rows)
    setShown(rows)
  }
  const [announcement, setAnnouncement] = useState('')
  const [dragged, setDragged] = useState<string | null>(null)
  // Where the dragged row would land: before the row at this index (the length: after the last).
  const [dropAt, setDropAt] = useState<number | null>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const refocus = useRef<{ id: string; direction: Direction } | null>(null)

  useEffect(() => {
    const answer = fetcher.data
    if (answer && !answer.ok) toast.error(answer.toast.title)
  }, [fetcher.data])

  // React may move the focused row's element, which blurs it; at the top or bottom its button is disabled, so the other one takes focus.
  useEffect(() => {
    const wanted = refocus.current
    if (!wanted) return
    refocus.current = null
    const button = buttons.current.get(`${wanted.id}:${wanted.direction}`)
    const other = buttons.current.get(`${wanted.id}:${wanted.direction === 'up' ? 'down' : 'up'}`)
    ;(button && !button.disabled ? button : other)?.focus()
  }, [shown])

  function move(id: string, to: number) {
    const from = shown.findIndex((row) => row.id === id)
    if (from === -1 || to === from || to < 0 || to >= shown.length) return
    const next = [...shown]
    const [row] = next.splice(from, 1)
    next.splice(to, 0, row!)
    setShown(next)
    setAnnouncement(moveMessage(name(row!), to + 1, next.length))
    const form = new FormData()
    form.set('intent', 'reorder')
    for (const { id: each } of next) form.append('id', each)
    void fetcher.submit(form, { method: 'post' })
  }

  function endDrag() {
    setDragged(null)
    setDropAt(null)
  }

  const orderCell = (row: R) => {
    const index = shown.indexOf(row)
    const rowName = name(row)
    const moveButton = (direction: Direction) => {
      const key = `${row.id}:${direction}`
      return (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Move ${rowName} ${direction}`}
          title={direction === 'up' ? 'Move up' : 'Move down'}
          disabled={direction === 'up' ? index === 0 : index === shown.length - 1}
          ref={(button: HTMLButtonElement | null) => {
            if (button) buttons.current.set(key, button)
            else buttons.current.delete(key)
          }}
          onClick={() => {
            refocus.current = { id: row.id, direction }
            move(row.id, direction === 'up' ? index - 1 : index + 1)
          }}
        >
          {direction === 'up' ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
        </Button>
      )
    }
    return (
      <span className="flex items-center gap-1">
        {/* The handle is for a mouse; the buttons beside it do the same from the keyboard and a screen reader. */}
        <span
          draggable
          aria-hidden
          data-testid="drag-handle"
          title="Drag to reorder"
          className="hidden size-9 cursor-grab items-center justify-center rounded-lg text-muted-foreground hover:bg-muted active:cursor-grabbing md:inline-flex"
          onDragStart={(event) => {
            setDragged(row.id)
            event.dataTransfer.effectAllowed = 'move'
            event.dataTransfer.setData('text/plain', row.id)
            const tableRow = event.currentTarget.closest('tr')
            if (tableRow) event.dataTransfer.setDragImage(tableRow, 24, 24)
          }}
          onDragEnd={endDrag}
        >
          <GripVertical className="size-4" />
        </span>
        {moveButton('up')}
        {moveButton('down')}
      </span>
    )
  }

  const rowProps = (row: R): React.ComponentProps<'tr'> => {
    if (dragged === null) return {}
    const index = shown.indexOf(row)
    return {
      className: cn(
        row.id === dragged && 'opacity-50',
        dropAt === index && 'shadow-[inset_0_2px_0_0_var(--color-primary)]',
        dropAt === shown.length && index === shown.length - 1 && 'shadow-[inset_0_-2px_0_0_var(--color-primary)]',
      ),
      onDragOver: (event) => {
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        const box = event.currentTarget.getBoundingClientRect()
        setDropAt(index + (event.clientY > box.top + box.height / 2 ? 1 : 0))
      },
      onDrop: (event) => {
        event.preventDefault()
        const from = shown.findIndex((each) => each.id === dragged)
        if (dropAt !== null && from !== -1) move(dragged, dropAt > from ? dropAt - 1 : dropAt)
        endDrag()
      },
    }
  }

  const status = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  )

  return { rows: shown, orderCell, rowProps, status }
}
