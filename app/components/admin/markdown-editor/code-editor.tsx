import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { markdown, markdownLanguage } from '@codemirror/lang-markdown'
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { Compartment, EditorState, Prec, type StateCommand } from '@codemirror/state'
import { dropCursor, EditorView, keymap } from '@codemirror/view'
import {
  Bold,
  CalendarCheck,
  Code,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Quote,
  SeparatorHorizontal,
} from 'lucide-react'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { ACCEPTED_IMAGE_TYPES, type ImageText } from '~/lib/images'
import { fieldErrorClass } from '~/lib/field-note'
import { AltTextDialog } from './alt-text-dialog'
import {
  blockInsert,
  insertBookingButton,
  insertDivider,
  insertLink,
  toggleBold,
  toggleBulletList,
  toggleCode,
  toggleHeading,
  toggleItalic,
  toggleNumberedList,
  toggleQuote,
} from './commands'
import { imageFileProblem, imageMarkdown, uploadImage } from './image-upload'
import { scriptsRemovedMessage, textOfHtmlPaste } from './pasted-text'
import { Toolbar, type Tool } from './toolbar'

/*
 * The Markdown editor proper, CodeMirror with a toolbar. Loaded on its own (see markdown-field.tsx),
 * so only the screens that write posts download it.
 */

export interface CodeEditorProps {
  /** The text to start from. */
  value: string
  /** Every change of the text, as Markdown. */
  onEdit: (value: string) => void
  /** The field's label, and its hint or error, for the editable area. */
  labelId: string
  describedBy: string | undefined
  invalid: boolean
  /** Once the editor is in the page: how to put the focus in it. */
  onReady: (focus: () => void) => void
}

const theme = EditorView.theme({
  '&': { minHeight: '24rem', maxHeight: 'min(40rem, 75vh)', fontSize: '0.875rem' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace)', lineHeight: '1.6' },
  '.cm-content': { padding: '0.75rem' },
})

/** The toolbar's buttons, in groups; the one without a command (Image) picks files. */
const FORMATS: (Omit<Tool, 'run'> & { command?: StateCommand })[][] = [
  [
    { name: 'Heading 2', icon: Heading2, keys: 'Mod-Alt-2', command: toggleHeading(2) },
    { name: 'Heading 3', icon: Heading3, keys: 'Mod-Alt-3', command: toggleHeading(3) },
  ],
  [
    { name: 'Bold', icon: Bold, keys: 'Mod-b', command: toggleBold },
    { name: 'Italic', icon: Italic, keys: 'Mod-i', command: toggleItalic },
    { name: 'Link', icon: Link, keys: 'Mod-k', command: insertLink },
    { name: 'Code', icon: Code, keys: 'Mod-e', command: toggleCode },
  ],
  [
    { name: 'Bulleted list', icon: List, keys: 'Mod-Shift-8', command: toggleBulletList },
    { name: 'Numbered list', icon: ListOrdered, keys: 'Mod-Shift-7', command: toggleNumberedList },
    { name: 'Quote', icon: Quote, keys: 'Mod-Shift-9', command: toggleQuote },
  ],
  [
    { name: 'Image', icon: ImagePlus },
    { name: 'Divider', icon: SeparatorHorizontal, command: insertDivider },
    { name: 'Booking button', icon: CalendarCheck, text: 'Booking button', command: insertBookingButton },
  ],
]

const shortcuts = keymap.of(FORMATS.flat().flatMap(({ keys, command }) => (keys && command ? [{ key: keys, run: command }] : [])))

/** Where an image goes once uploaded, moved along as the text around it changes meanwhile. */
interface Spot {
  at: number
}

export default function CodeEditor({ value, onEdit, labelId, describedBy, invalid, onReady }: CodeEditorProps) {
  const contentId = useId()
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const [aria] = useState(() => new Compartment())
  const spots = useRef(new Set<Spot>())
  const [status, setStatus] = useState('')
  const [problems, setProblems] = useState<string[]>([])
  const [asking, setAsking] = useState<{ file: File; answer: (text: ImageText | null) => void } | null>(null)
  // Read by the editor's listeners, which are set up once.
  const latest = useRef({ onEdit, addImages })
  latest.current = { onEdit, addImages }
  // The text as the editor last gave it out: a `value` that differs was set from outside (the plain textarea typed into as the editor arrived).
  const given = useRef(value)

  const contentAttributes = () =>
    EditorView.contentAttributes.of({
      id: contentId,
      'aria-labelledby': labelId,
      ...(describedBy && { 'aria-describedby': describedBy }),
      ...(invalid && { 'aria-invalid': 'true' }),
    })

  // Set up before the page paints, so the form's plain textarea gives way to it in the same frame.
  useLayoutEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          dropCursor(),
          EditorView.lineWrapping,
          markdown({ base: markdownLanguage, completeHTMLTags: false }),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          Prec.high(shortcuts),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          aria.of(contentAttributes()),
          theme,
          EditorView.domEventHandlers({
            paste: (event, target) => onPaste(event, target),
            drop: (event, target) => onDrop(event, target),
          }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return
            for (const spot of spots.current) spot.at = update.changes.mapPos(spot.at, 1)
            given.current = update.state.doc.toString()
            latest.current.onEdit(given.current)
          }),
        ],
      }),
    })
    view.current = editor
    onReady(() => editor.focus())
    return () => editor.destroy()
    // The editor is made once; a text set from outside comes in through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const editor = view.current
    if (!editor || value === given.current) return
    given.current = value
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } })
  }, [value])

  useEffect(() => {
    view.current?.dispatch({ effects: aria.reconfigure(contentAttributes()) })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [describedBy, invalid])

  /** A paste: image files are added (anything else refused with a message), HTML goes in as its plain text. */
  function onPaste(event: ClipboardEvent, target: EditorView): boolean {
    const data = event.clipboardData
    if (!data) return false
    // A copied image comes as a file with no plain text; Word and Excel add a picture of the text they copy, which is not meant.
    if (data.files.length > 0 && !data.getData('text/plain')) {
      event.preventDefault()
      void latest.current.addImages([...data.files], target.state.selection.main.head)
      return true
    }
    const pasted = textOfHtmlPaste(data)
    if (!pasted) return false
    event.preventDefault()
    target.dispatch(target.state.replaceSelection(pasted.text), { userEvent: 'input.paste', scrollIntoView: true })
    setProblems(pasted.hadScripts ? [scriptsRemovedMessage] : [])
    return true
  }

  /** A drop of files, added where they fall. */
  function onDrop(event: DragEvent, target: EditorView): boolean {
    const files = [...(event.dataTransfer?.files ?? [])]
    if (files.length === 0) return false
    event.preventDefault()
    const at = target.posAtCoords({ x: event.clientX, y: event.clientY }) ?? target.state.selection.main.head
    void latest.current.addImages(files, at)
    return true
  }

  const ask = (file: File) => new Promise<ImageText | null>((answer) => setAsking({ file, answer }))

  /** Each file in turn: checked, described, uploaded and put in the text at `at`. */
  async function addImages(files: File[], at: number) {
    const editor = view.current
    if (!editor) return
    const spot: Spot = { at }
    spots.current.add(spot)
    const refused: string[] = []
    setProblems([])
    for (const file of files) {
      const problem = imageFileProblem(file)
      if (problem) {
        refused.push(problem)
        setProblems([...refused])
        continue
      }
      const text = await ask(file)
      if (!text) continue
      setStatus(`Uploading ${file.name}…`)
      try {
        const image = await uploadImage(file, text)
        const insert = blockInsert(editor.state, imageMarkdown(image), spot.at)
        // The cursor follows the image only if the writer has not moved on meanwhile.
        const waited = editor.state.selection.main.head === spot.at
        editor.dispatch(waited ? insert : { ...insert, selection: undefined })
        setStatus(`Added ${file.name} to the text.`)
      } catch (error) {
        refused.push((error as Error).message)
        setProblems([...refused])
        setStatus('')
      }
    }
    spots.current.delete(spot)
    editor.focus()
  }

  const groups: Tool[][] = FORMATS.map((group) =>
    group.map((format) => ({
      ...format,
      run: () => {
        const editor = view.current
        if (!editor) return
        if (!format.command) return fileInput.current?.click()
        format.command(editor)
        editor.focus()
      },
    })),
  )

  return (
    <div
      data-invalid={invalid || undefined}
      className="min-w-0 rounded-lg border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/30 data-invalid:border-destructive"
    >
      <Toolbar groups={groups} controls={contentId} />
      {/* Under the toolbar, where they are seen however far down the text the image went. */}
      <p
        aria-live="polite"
        className="text-xs text-muted-foreground not-empty:border-b not-empty:px-3 not-empty:py-2"
        data-testid="editor-status"
      >
        {status}
      </p>
      <div
        role="alert"
        className="grid gap-1 not-empty:border-b not-empty:bg-destructive/5 not-empty:px-3 not-empty:py-2"
        data-testid="editor-problems"
      >
        {problems.map((problem, at) => (
          <p key={at} className={fieldErrorClass}>
            {problem}
          </p>
        ))}
      </div>
      <div ref={host} />
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        multiple
        hidden
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          // Cleared, so the same file can be picked again. Nameless, it is never sent with the post.
          event.currentTarget.value = ''
          event.stopPropagation()
          if (view.current) void addImages(files, view.current.state.selection.main.head)
        }}
      />
      <AltTextDialog
        file={asking?.file ?? null}
        onDone={(text) => {
          asking?.answer(text)
          setAsking(null)
        }}
      />
    </div>
  )
}
