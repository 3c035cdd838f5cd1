/**
 * A post's address from its title (spec §5): lower case, punctuation removed, whitespace turned to
 * hyphens. Letters of every language stay, so 'Größe zählt!' becomes 'größe-zählt'.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** What a slug may look like: lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u
export const MAX_SLUG_LENGTH = 200
