import { EditorSelection, type EditorState, type StateCommand, type TransactionSpec } from '@codemirror/state'

/*
 * The toolbar's and the shortcuts' Markdown: each command writes the marks a writer would type,
 * and a second press takes them off again, so the text stays plain Markdown.
 */

const format = { scrollIntoView: true, userEvent: 'input.format' } as const

/** Wraps each selection in `mark` (`**` for bold), or unwraps it; an empty selection gets both marks with the cursor between. */
export function toggleWrap(mark: string): StateCommand {
  const size = mark.length
  return ({ state, dispatch }) => {
    const changes = state.changeByRange((range) => {
      // A double-click also selects the space after a word; the marks go around the word itself.
      const text = state.sliceDoc(range.from, range.to)
      const from = range.from + (text.length - text.trimStart().length)
      const to = Math.max(from, range.to - (text.length - text.trimEnd().length))
      const inner = state.sliceDoc(from, to)
      if (state.sliceDoc(from - size, from) === mark && state.sliceDoc(to, to + size) === mark)
        return {
          changes: [
            { from: from - size, to: from },
            { from: to, to: to + size },
          ],
          range: EditorSelection.range(from - size, to - size),
        }
      if (inner.length >= 2 * size && inner.startsWith(mark) && inner.endsWith(mark))
        return { changes: { from, to, insert: inner.slice(size, -size) }, range: EditorSelection.range(from, to - 2 * size) }
      return {
        changes: [
          { from, insert: mark },
          { from: to, insert: mark },
        ],
        range: EditorSelection.range(from + size, to + size),
      }
    })
    dispatch(state.update(changes, format))
    return true
  }
}

/** The numbers of the lines the selections touch; a selection ending at a line's start leaves that line out. */
function selectedLines(state: EditorState): number[] {
  const lines = new Set<number>()
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from).number
    const end = state.doc.lineAt(range.to)
    const last = range.to === end.from && range.to > range.from ? end.number - 1 : end.number
    for (let n = first; n <= last; n++) lines.add(n)
  }
  return [...lines].sort((a, b) => a - b)
}

/**
 * Toggles a mark at the start of each selected line: when every line with text already has it
 * (`has`), it comes off; otherwise each line gets `mark(i)` in place of any mark `replaces` finds.
 */
function toggleLineMark(has: RegExp, mark: (index: number) => string, replaces: RegExp[] = []): StateCommand {
  return ({ state, dispatch }) => {
    const all = selectedLines(state).map((n) => state.doc.line(n))
    const withText = all.filter((line) => line.text.trim() !== '')
    const lines = withText.length > 0 ? withText : all
    const on = lines.every((line) => has.test(line.text))
    const changes = lines.map((line, index) => {
      const existing = [has, ...replaces].map((pattern) => pattern.exec(line.text)?.[0] ?? '').find(Boolean) ?? ''
      return { from: line.from, to: line.from + existing.length, insert: on ? '' : mark(index) }
    })
    const changeSet = state.changes(changes)
    // A cursor where a mark goes in stays after the mark, where the writer goes on typing.
    dispatch(state.update({ changes: changeSet, selection: state.selection.map(changeSet, 1) }, format))
    return true
  }
}

const HEADING = /^#{1,6}[ \t]+/
const BULLET = /^[ \t]*[-*+][ \t]+/
const NUMBER = /^[ \t]*\d{1,9}[.)][ \t]+/

export const toggleHeading = (level: 2 | 3): StateCommand =>
  toggleLineMark(new RegExp(`^#{${level}}[ \\t]+`), () => `${'#'.repeat(level)} `, [HEADING])

export const toggleBulletList = toggleLineMark(BULLET, () => '- ', [NUMBER])

export const toggleNumberedList = toggleLineMark(NUMBER, (index) => `${index + 1}. `, [BULLET])

export const toggleQuote = toggleLineMark(/^>[ \t]?/, () => '> ')

export const toggleBold = toggleWrap('**')

// Underscores, so italic never reads as half of a bold's asterisks.
export const toggleItalic = toggleWrap('_')

const LINK_TEXT = 'link text'

/**
 * A link around the selection with its address selected, ready to be typed or pasted; a selected
 * address becomes the link's target with its text selected; nothing selected gives both, the text selected.
 */
export const insertLink: StateCommand = ({ state, dispatch }) => {
  const changes = state.changeByRange(({ from, to }) => {
    const selected = state.sliceDoc(from, to)
    if (/^https?:\/\/\S+$/.test(selected))
      return {
        changes: { from, to, insert: `[${LINK_TEXT}](${selected})` },
        range: EditorSelection.range(from + 1, from + 1 + LINK_TEXT.length),
      }
    if (!selected)
      return { changes: { from, insert: `[${LINK_TEXT}](https://)` }, range: EditorSelection.range(from + 1, from + 1 + LINK_TEXT.length) }
    const address = from + selected.length + 3
    return { changes: { from, to, insert: `[${selected}](https://)` }, range: EditorSelection.range(address, address + 'https://'.length) }
  })
  dispatch(state.update(changes, format))
  return true
}

const FENCE = '```'

/** Code: backticks around a selection within a line, a fenced block around lines, or an empty block on an empty line. */
export const toggleCode: StateCommand = (target) => {
  const { state, dispatch } = target
  const { from, to } = state.selection.main
  const first = state.doc.lineAt(from)
  const last = state.doc.lineAt(to)
  if (first.number === last.number && (from !== to || first.text.trim() !== '')) return toggleWrap('`')(target)
  const inside = state.sliceDoc(first.from, last.to)
  const insert = `${FENCE}\n${inside}\n${FENCE}`
  const cursor = first.from + FENCE.length + 1
  dispatch(
    state.update(
      { changes: { from: first.from, to: last.to, insert }, selection: EditorSelection.range(cursor, cursor + inside.length) },
      format,
    ),
  )
  return true
}

/**
 * Puts `block` on a line of its own at `at` (the cursor by default), with a blank line between it
 * and any text around it (a `---` right under a line of text would make that line a heading), and
 * the cursor after it.
 */
export function blockInsert(state: EditorState, block: string, at = state.selection.main.head): TransactionSpec {
  const before = state.sliceDoc(Math.max(0, at - 2), at)
  const after = state.sliceDoc(at, at + 2)
  const lead = at === 0 || before === '\n\n' ? '' : before.endsWith('\n') ? '\n' : '\n\n'
  const tail = after === '\n\n' ? '' : after.startsWith('\n') ? '\n' : '\n\n'
  const insert = `${lead}${block}${tail}`
  return { changes: { from: at, insert }, selection: { anchor: at + insert.length }, ...format }
}

const insertBlock =
  (block: string): StateCommand =>
  ({ state, dispatch }) => {
    dispatch(state.update(blockInsert(state, block)))
    return true
  }

export const insertDivider = insertBlock('---')

/** The line the site draws as its booking button. */
export const BOOKING_LINE = '[[booking]]'

export const insertBookingButton = insertBlock(BOOKING_LINE)
