import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Label } from '~/components/ui/input'
import { fieldErrorClass, fieldErrorId } from '~/lib/field-note'
import { cn } from '~/lib/utils'

// Its own chunk: CodeMirror is downloaded by the screens that write, never by the site or the other admin screens.
const CodeEditor = lazy(() => import('./code-editor'))

/** The textarea's value as React tracks it, set as typing would set it (React ignores a plain `value =` from outside). */
const setTypedValue = Object.getOwnPropertyDescriptor(globalThis.HTMLTextAreaElement?.prototype ?? {}, 'value')?.set

/**
 * A labelled Markdown field. The page arrives with a plain textarea, which works without
 * JavaScript; once the page runs, the editor with its toolbar takes its place and the textarea,
 * hidden, stays the form's field: each edit is written into it and announced with an input
 * event, so the form hears it as it heard typing (the unsaved-changes guard, autosave, the
 * field's error) and sends it on save.
 */
export function MarkdownField({
  label,
  name,
  value,
  onChange,
  maxLength,
  error,
  hint,
  children,
}: {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  error?: string
  hint: React.ReactNode
  /** Shown under the field, above its hint. */
  children?: React.ReactNode
}) {
  const id = `field-${name}`
  const labelId = `${id}-label`
  const noteId = error ? fieldErrorId(id) : `${id}-hint`
  const textarea = useRef<HTMLTextAreaElement>(null)
  const [enhance, setEnhance] = useState(false)
  useEffect(() => setEnhance(true), [])
  // Set as the editor appears, in the same frame: the field is the textarea until then, the editor after.
  const [focusEditor, setFocusEditor] = useState<(() => void) | null>(null)

  function edited(next: string) {
    const field = textarea.current
    if (!field || !setTypedValue) return
    setTypedValue.call(field, next)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }

  return (
    <div className="grid content-start gap-2">
      <Label id={labelId} htmlFor={focusEditor ? undefined : id} onClick={() => focusEditor?.()}>
        {label}
      </Label>
      <textarea
        ref={textarea}
        id={focusEditor ? undefined : id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        // Hidden behind the editor, it still takes the focus a refused save gives the field, and hands it on.
        aria-hidden={focusEditor ? true : undefined}
        tabIndex={focusEditor ? -1 : undefined}
        onFocus={() => focusEditor?.()}
        className={cn(
          'min-h-96 w-full rounded-lg border border-input bg-background px-3 py-2 font-mono text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive',
          focusEditor && 'sr-only',
        )}
      />
      {enhance && (
        <Suspense>
          <CodeEditor
            value={value}
            onEdit={edited}
            labelId={labelId}
            describedBy={noteId}
            invalid={Boolean(error)}
            onReady={(focus) => setFocusEditor(() => focus)}
          />
        </Suspense>
      )}
      {children}
      {error ? (
        <p id={noteId} className={fieldErrorClass}>
          {error}
        </p>
      ) : (
        <p id={noteId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  )
}
