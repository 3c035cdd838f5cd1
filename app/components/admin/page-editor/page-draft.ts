import { BLOCKS, type BlockType } from '~/lib/blocks/catalog'
import type { Field, Fields } from '~/lib/blocks/fields'
import { cardGridWideColumns, columnsFor } from '~/lib/card-flow'
import { type Block, type PageContent, pageContentErrors, pageContentSchema } from '~/lib/page-content'

/*
 * The page as the editor holds it while it is typed: plain values, checked with the schema the server
 * checks with on every change. Blocks and list items carry an id, so React keeps each card's state
 * (and its focus) through reorders.
 */

/** A field's value while it is edited: what the schema reads, loosely typed. */
export type Value = string | boolean | string[] | { src: string; alt: string } | Item[]
export type Item = Record<string, Value> & { _key?: string }

/** What a new field holds: nothing typed, the first choice, or the least number of empty items. */
export function emptyValue(field: Field): Value {
  switch (field.kind) {
    case 'text':
    case 'markdown':
    case 'link':
      return ''
    case 'select':
      return field.options[0]!.value
    case 'checkbox':
      return false
    case 'image':
      return { src: '', alt: '' }
    case 'references':
      return []
    case 'list':
      return Array.from({ length: field.min }, () => emptyItem(field.fields))
  }
}

export const emptyItem = (fields: Fields): Item => ({
  _key: newKey(),
  ...Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, emptyValue(field)])),
})

let keys = 0
/** A key for a list item, stable while it is edited and never stored. */
export const newKey = () => `item-${(keys += 1)}`

/** A block's id: its kind and a random tail, unique on its page. */
export const newBlockId = (type: BlockType) => `${type}-${crypto.randomUUID().slice(0, 8)}`

export const newBlock = (type: BlockType): Block =>
  ({ id: newBlockId(type), type, hidden: false, data: emptyItem(BLOCKS[type].fields) }) as unknown as Block

/** Stored data with a key on every list item, for the editor. */
export function withKeys(fields: Fields, data: Record<string, unknown>): Item {
  const item: Item = {}
  for (const [name, field] of Object.entries(fields)) {
    const value = data[name]
    item[name] =
      field.kind === 'list' && Array.isArray(value)
        ? value.map((entry) => ({ ...withKeys(field.fields, entry as Record<string, unknown>), _key: newKey() }))
        : ((value ?? emptyValue(field)) as Value)
  }
  return item
}

/** The page as sent: list items without their editor keys. */
export function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).flatMap(([key, entry]) => (key === '_key' ? [] : [[key, withoutKeys(entry)]])))
  }
  return value
}

/** The editor's copy of a stored page. */
export const draftOf = (content: PageContent): PageContent => ({
  ...content,
  blocks: content.blocks.map((block) => ({ ...block, data: withKeys(BLOCKS[block.type].fields, block.data) }) as unknown as Block),
})

/** Every message the schema has for the page as it stands, by field path ('blocks.2.data.title'). */
export function checkDraft(content: PageContent): Record<string, string> {
  const parsed = pageContentSchema.safeParse(withoutKeys(content))
  return parsed.success ? {} : pageContentErrors(parsed.error)
}

/** A value inside a page by its path. */
export function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], root)
}

/** A copy of `root` with `value` at `path`; the objects on the way are copied, the rest shared. */
export function setAt<T>(root: T, path: readonly (string | number)[], value: unknown): T {
  if (path.length === 0) return value as T
  const [key, ...rest] = path
  const current = (root as Record<string | number, unknown>)[key!]
  const next = setAt(current, rest, value)
  if (Array.isArray(root)) return root.map((entry, index) => (index === key ? next : entry)) as T
  return { ...(root as object), [key!]: next } as T
}

/** `list` with the entry at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [entry] = next.splice(from, 1)
  next.splice(to, 0, entry!)
  return next
}

/**
 * A card grid whose last row would hold a single card at its column count, so wide screens show it
 * with another count (app/lib/card-flow.ts): a note, not an error.
 */
export function loneCardWarning(block: Block): string | null {
  if (block.type !== 'card-grid') return null
  const columns = Number(block.data.columns)
  const count = block.data.items.length
  const shown = columnsFor(count, cardGridWideColumns(block.data.columns, block.data.style))
  if (shown === columns) return null
  const perRow = shown === 1 ? 'one card to a row' : `${shown} cards to a row`
  return `${count} cards in ${columns} columns would leave one card alone on the last row, so wide screens show ${perRow}. For ${columns} to a row, add or remove a card.`
}

/** What a block is called in its card: its kind, and its title or first words where it has them. */
export function blockSummary(block: Block): string {
  const data = block.data as Record<string, unknown>
  const words = [data.title, data.formTitle, data.eyebrow].find((value) => typeof value === 'string' && value.trim())
  return typeof words === 'string' ? words : ''
}

/** What the page editor's autosave keeps: the page's own fields and its content as sent. */
export interface PageDraftValues {
  path: string
  name: string
  content: PageContent
}

/**
 * An autosaved draft read back, or null when it is not one this editor can open (kept by an older
 * editor, or not a page's): only its shape is checked, since a draft may hold fields not yet valid.
 */
export function pageDraftValues(values: unknown): PageDraftValues | null {
  const draft = values as Partial<Record<keyof PageDraftValues, unknown>> | null
  const content = draft?.content as Partial<Record<keyof PageContent, unknown>> | undefined
  const blocks = content?.blocks
  const known = (block: unknown) => {
    const { type, data } = (block ?? {}) as { type?: unknown; data?: unknown }
    return typeof type === 'string' && Object.hasOwn(BLOCKS, type) && Boolean(data) && typeof data === 'object'
  }
  if (typeof draft?.path !== 'string' || typeof draft.name !== 'string' || !Array.isArray(blocks) || !blocks.every(known)) return null
  return draft as PageDraftValues
}
