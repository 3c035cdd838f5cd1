import { expect, it } from 'vitest'
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugify } from '~/lib/slugify'

it.each([
  ['Größe zählt!', 'größe-zählt'],
  ['ラーメン の 話', 'ラーメン-の-話'],
  ['नमस्ते दुनिया', 'नमस्ते-दुनिया'],
  ['  Spaces -- and -- dashes  ', 'spaces-and-dashes'],
  ['😀 only emoji 😀', 'only-emoji'],
])('makes %j into the slug %j, which its own pattern accepts', (title, slug) => {
  expect(slugify(title)).toBe(slug)
  expect(SLUG_PATTERN.test(slug)).toBe(true)
})

it('keeps a slug within its length, even when a character expands (ﷺ becomes 18 letters)', () => {
  for (const title of ['ﷺ'.repeat(200), 'word '.repeat(80), 'a'.repeat(250), '𝒜'.repeat(150)]) {
    const slug = slugify(title)
    expect(slug.length).toBeGreaterThan(0)
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH)
    expect(SLUG_PATTERN.test(slug)).toBe(true)
  }
})
