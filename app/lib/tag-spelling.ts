/*
 * "Small business" and "Small Business" are one tag. A tag typed in another case takes the spelling
 * the blog already uses (or the one first typed for this post), so the tag pages and filters never
 * split one subject in two.
 */

const key = (tag: string) => tag.trim().toLocaleLowerCase('en-US')

/** The tags with each one spelled as a known tag is, and each subject once, in the order given. */
export function withKnownSpellings(tags: readonly string[], known: readonly string[]): string[] {
  const spelling = new Map<string, string>()
  for (const tag of known) if (!spelling.has(key(tag))) spelling.set(key(tag), tag)
  const kept = new Map<string, string>()
  for (const tag of tags) {
    const k = key(tag)
    if (k && !kept.has(k)) kept.set(k, spelling.get(k) ?? tag.trim())
  }
  return [...kept.values()]
}
