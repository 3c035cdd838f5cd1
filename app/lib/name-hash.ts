/** A small, stable number from a name: the same name always picks the same mark, colour or shape. */
export function nameHash(name: string): number {
  let hash = 0
  for (const character of name) hash = (hash * 31 + character.codePointAt(0)!) >>> 0
  return hash
}
