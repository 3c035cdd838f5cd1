// Letters that have a lower case are lower case; letters without one (CJK, Arabic, Hindi…), their
// modifiers and combining marks, and digits stay, so a slug reads in the title's own language.
const SLUG_CHARACTER = String.raw`\p{Ll}\p{Lm}\p{Lo}\p{M}\p{N}`

/** What a slug may look like: lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = new RegExp(`^[${SLUG_CHARACTER}]+(?:-[${SLUG_CHARACTER}]+)*$`, 'u')
export const MAX_SLUG_LENGTH = 200

/**
 * A post's address from its title: lower case, punctuation removed, whitespace turned to
 * hyphens, at most MAX_SLUG_LENGTH characters (cut at a word where it can be). Letters of every
 * language stay, so 'Größe zählt!' becomes 'größe-zählt'. What it returns always fits SLUG_PATTERN.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(new RegExp(`[^${SLUG_CHARACTER}\\s-]`, 'gu'), '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '')
  if (slug.length <= MAX_SLUG_LENGTH) return slug
  const lastBreak = slug.lastIndexOf('-', MAX_SLUG_LENGTH)
  if (lastBreak > 0) return slug.slice(0, lastBreak)
  // One long word: cut whole characters, never half of a surrogate pair.
  let cut = ''
  for (const character of slug) {
    if (cut.length + character.length > MAX_SLUG_LENGTH) break
    cut += character
  }
  return cut
}
