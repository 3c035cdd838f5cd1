import { EditorSelection, EditorState, type StateCommand } from '@codemirror/state'
import { describe, expect, it } from 'vitest'
import {
  blockInsert,
  insertBookingButton,
  insertLink,
  toggleBold,
  toggleBulletList,
  toggleCode,
  toggleHeading,
  toggleNumberedList,
  toggleQuote,
} from '~/components/admin/markdown-editor/commands'
import { imageMarkdown } from '~/components/admin/markdown-editor/image-upload'

/** The text with `[` `]` marking the selection (or `|` a cursor), after `command` ran on it. */
function run(command: StateCommand, marked: string): string {
  let state = parse(marked)
  command({ state, dispatch: (transaction) => (state = transaction.state) })
  const { from, to } = state.selection.main
  const text = state.doc.toString()
  return from === to ? `${text.slice(0, from)}|${text.slice(from)}` : `${text.slice(0, from)}[${text.slice(from, to)}]${text.slice(to)}`
}

function parse(marked: string): EditorState {
  const cursor = marked.indexOf('|')
  if (cursor >= 0) return EditorState.create({ doc: marked.replace('|', ''), selection: EditorSelection.cursor(cursor) })
  const from = marked.indexOf('[')
  const to = marked.indexOf(']') - 1
  return EditorState.create({ doc: marked.replace('[', '').replace(']', ''), selection: EditorSelection.range(from, to) })
}

describe('the Markdown editor’s commands', () => {
  it('wraps a selection in marks and takes them off again, leaving out the space a double-click selects', () => {
    expect(run(toggleBold, 'Call [back ]now')).toBe('Call **[back]** now')
    expect(run(toggleBold, 'Call **[back]** now')).toBe('Call [back] now')
    expect(run(toggleBold, 'Call |')).toBe('Call **|**')
  })

  it('marks each selected line, changes a heading’s level, and takes a mark off when every line has it', () => {
    expect(run(toggleHeading(2), 'Title|')).toBe('## Title|')
    expect(run(toggleHeading(3), '## Title|')).toBe('### Title|')
    expect(run(toggleHeading(2), '## Title|')).toBe('Title|')
    expect(run(toggleBulletList, '|')).toBe('- |')
    expect(run(toggleNumberedList, '[One\nTwo\n\nThree]')).toBe('1. [One\n2. Two\n\n3. Three]')
    expect(run(toggleBulletList, '[1. One\n2. Two]')).toBe('[- One\n- Two]')
    expect(run(toggleBulletList, '[- One\n- Two]')).toBe('[One\nTwo]')
    expect(run(toggleQuote, '[Said\n]Next')).toBe('> [Said\n]Next')
  })

  it('makes a link with its address ready to type, or around a selected address', () => {
    expect(run(insertLink, 'Read [our guide]')).toBe('Read [our guide]([https://])')
    expect(run(insertLink, '[https://example.com]')).toBe('[[link text]](https://example.com)')
    expect(run(insertLink, '|')).toBe('[[link text]](https://)')
  })

  it('writes code inline within a line and fenced around lines', () => {
    expect(run(toggleCode, 'Run [npm test]')).toBe('Run `[npm test]`')
    expect(run(toggleCode, '[a\nb]')).toBe('```\n[a\nb]\n```')
    expect(run(toggleCode, '|')).toBe('```\n|\n```')
  })

  it('puts a block on a line of its own with blank lines around it, so it never joins the text beside it', () => {
    expect(run(insertBookingButton, 'Book a call.|')).toBe('Book a call.\n\n[[booking]]\n\n|')
    expect(run(insertBookingButton, '|')).toBe('[[booking]]\n\n|')
    expect(run(insertBookingButton, 'First\n\n|\n\nLast')).toBe('First\n\n[[booking]]|\n\nLast')
    const state = EditorState.create({ doc: 'Before after' })
    expect(state.update(blockInsert(state, '---', 6)).state.doc.toString()).toBe('Before\n\n---\n\n after')
  })

  it('writes an uploaded image with its alt text’s brackets escaped', () => {
    expect(imageMarkdown({ url: '/media/images/blog/a b.png', alt: 'A [draft] plan' })).toBe(
      '![A \\[draft\\] plan](/media/images/blog/a%20b.png)',
    )
    expect(imageMarkdown({ url: '/media/images/blog/a.png', alt: null })).toBe('![](/media/images/blog/a.png)')
  })
})
