/* What the site draws from a person's or a business's name. */

/** Up to two uppercase initials from the first two words of a name; '?' when there is no name. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')
  return letters || '?'
}

/** A small, stable number from a name: the same name always picks the same mark, colour or shape. */
export function nameHash(name: string): number {
  let hash = 0
  for (const character of name) hash = (hash * 31 + character.codePointAt(0)!) >>> 0
  return hash
}
