import { describe, expect, it } from 'vitest'
import { EXCERPT_LENGTH, excerptFrom } from '~/server/services/markdown.server'

describe('an automatic excerpt', () => {
  it('is the whole text, read from markdown, when it fits', () => {
    expect(excerptFrom('## Hello\n\nA **short** post with [a link](https://example.com).')).toBe('Hello A short post with a link.')
    const exact = 'word '.repeat(30).trim()
    expect(exact).toHaveLength(149)
    expect(excerptFrom(`${exact}s`)).toBe(`${exact}s`)
  })

  it('stops after the last whole word that fits, without trailing punctuation, and ends with an ellipsis', () => {
    const text =
      'Owners tell us the phone is the hardest part of the day, because every call lands while hands are busy, and callers hang up before anyone answers them at all.'
    const excerpt = excerptFrom(text)
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH)
    expect(excerpt).toBe(
      'Owners tell us the phone is the hardest part of the day, because every call lands while hands are busy, and callers hang up before anyone answers…',
    )
    expect(text.startsWith(excerpt.slice(0, -1))).toBe(true)
  })

  it('cuts inside a single word longer than the limit', () => {
    const excerpt = excerptFrom('a'.repeat(400))
    expect(excerpt).toBe(`${'a'.repeat(EXCERPT_LENGTH - 1)}…`)
  })

  it('drops a comma or dash left at the cut', () => {
    const text = `${'word '.repeat(28)}last, ${'tail '.repeat(10)}`
    expect(excerptFrom(text)).toBe(`${'word '.repeat(28)}last…`)
  })
})
