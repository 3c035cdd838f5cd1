import { Plus } from 'lucide-react'
import { useRef } from 'react'
import { Button } from '~/components/ui/button'
import { BLOCKS, BLOCK_TYPES, type BlockType } from '~/lib/blocks/catalog'
import { BlockPicture } from './block-pictures'

/** 'Add block': a dialog listing every kind of block with its picture, label and what it is for. */
export function BlockLibrary({ onAdd }: { onAdd: (type: BlockType) => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  return (
    <>
      <Button type="button" variant="outline" onClick={() => dialog.current?.showModal()}>
        <Plus aria-hidden />
        Add block
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="block-library-title"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(56rem,calc(100vw-2rem))] rounded-2xl border bg-card p-0 shadow-xl backdrop:bg-black/40"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b bg-card p-4">
          <div>
            <h2 id="block-library-title" className="text-lg font-semibold">
              Add a block
            </h2>
            <p className="text-sm text-muted-foreground">It is added at the end of the page; move it where it belongs.</p>
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={() => dialog.current?.close()}>
            Close
          </Button>
        </div>
        <ul className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-3">
          {BLOCK_TYPES.map((type) => (
            <li key={type}>
              <button
                type="button"
                data-testid="block-choice"
                className="grid h-full w-full content-start gap-2 rounded-xl border bg-background p-3 text-left transition-colors hover:border-primary hover:bg-muted/50 focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none"
                onClick={() => {
                  onAdd(type)
                  dialog.current?.close()
                }}
              >
                <BlockPicture type={type} className="aspect-[5/3] w-full rounded-lg border bg-white" />
                <span className="font-semibold">{BLOCKS[type].label}</span>
                <span className="text-sm text-muted-foreground">{BLOCKS[type].description}</span>
              </button>
            </li>
          ))}
        </ul>
      </dialog>
    </>
  )
}
