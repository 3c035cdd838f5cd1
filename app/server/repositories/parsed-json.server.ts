/*
 * Stored JSON read through its schema once per distinct text. Pages, collection items and the menus
 * are read on every uncached render and change rarely; checking the same text again each time cost
 * more than the render itself. The text is the key, so a change (a new text) is never served stale,
 * and what is returned is shared: callers never change it.
 */

const MAX_KEPT = 500

export function parsedOnce<T>(kind: string, text: string, parse: (value: unknown) => T): T {
  const kept = KEPT.get(kind) ?? new Map<string, unknown>()
  KEPT.set(kind, kept)
  // One lookup: hashing and comparing a long text is most of a hit's cost.
  const found = kept.get(text)
  if (found !== undefined) return found as T
  const value = parse(JSON.parse(text))
  // The oldest entry goes first: Maps keep insertion order.
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!)
  kept.set(text, value)
  return value
}

const KEPT = new Map<string, Map<string, unknown>>()
