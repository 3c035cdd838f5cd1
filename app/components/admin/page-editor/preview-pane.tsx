import { Monitor, Smartphone } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { cn } from '~/lib/utils'

/** The widths the preview shows the page at: a common phone's, and a laptop's. */
export const PREVIEW_WIDTHS = { phone: 390, desktop: 1280 } as const
type Width = keyof typeof PREVIEW_WIDTHS

const PREVIEW_PAUSE_MS = 600

/**
 * The page as visitors will see it, in a frame beside the form: the real public page (header, footer,
 * the site's CSS) rendered by the server from the draft. It first shows the saved draft; a moment
 * after typing stops, the page as it stands is posted to the same address into the frame, so what is
 * typed shows without a save. Desktop is drawn at its full width and scaled down to fit.
 */
export function PreviewPane({ previewPath, content, changed }: { previewPath: string; content: string; changed: boolean }) {
  const [width, setWidth] = useState<Width>('phone')
  const form = useRef<HTMLFormElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const [room, setRoom] = useState<{ width: number; height: number }>({ width: PREVIEW_WIDTHS.phone, height: 720 })

  useEffect(() => {
    if (!changed) return
    const timer = window.setTimeout(() => {
      if (!form.current || !input.current) return
      input.current.value = content
      form.current.submit()
    }, PREVIEW_PAUSE_MS)
    return () => window.clearTimeout(timer)
  }, [content, changed])

  useEffect(() => {
    const element = stage.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => entry && setRoom({ width: entry.contentRect.width, height: entry.contentRect.height }))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const frameWidth = PREVIEW_WIDTHS[width]
  const scale = Math.min(1, room.width / frameWidth)
  return (
    <section aria-label="Preview" className="grid min-w-0 gap-3" data-testid="page-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Preview</h2>
        <div role="group" aria-label="Preview width" className="inline-flex rounded-lg border bg-background p-0.5">
          {(['phone', 'desktop'] as const).map((choice) => {
            const Icon = choice === 'phone' ? Smartphone : Monitor
            return (
              <button
                key={choice}
                type="button"
                aria-pressed={width === choice}
                onClick={() => setWidth(choice)}
                className={cn(
                  'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-xs font-semibold outline-none focus-visible:ring-3 focus-visible:ring-ring/60',
                  width === choice ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
                )}
              >
                <Icon aria-hidden className="size-4" />
                {choice === 'phone' ? 'Phone' : 'Desktop'}
              </button>
            )
          })}
        </div>
      </div>
      <div ref={stage} className="h-[70vh] min-h-[28rem] overflow-hidden rounded-xl border bg-muted/50 xl:h-[calc(100dvh-12rem)]">
        <iframe
          name="page-preview"
          title="Preview of the page"
          src={previewPath}
          style={{
            width: frameWidth,
            height: room.height / scale,
            transform: `scale(${scale})`,
            marginLeft: Math.max(0, (room.width - frameWidth * scale) / 2),
          }}
          className="origin-top-left border-0 bg-white"
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {changed ? 'Shows the page as typed, a moment after you stop. Nothing is saved until you save.' : 'Shows the saved draft.'}
      </p>
      {/* Outside the editor's form: it posts the page as typed into the frame, never to the editor. */}
      <form ref={form} method="post" action={previewPath} target="page-preview" hidden>
        <input ref={input} type="hidden" name="content" defaultValue="" />
      </form>
    </section>
  )
}
