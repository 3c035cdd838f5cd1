/*
 * Search on both engines: what a search looks through is stored folded (NFKC-normalised and
 * lower-cased by JavaScript, since neither engine folds case for every language), and the term gets
 * the same folding before a literal LIKE. Migrations 0003 and 0007 backfilled older rows with it.
 */

export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

/** A LIKE pattern (with `escape '\'`) that finds the folded term anywhere: `%`, `_` and `\` lose their meaning. */
export function containsPattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
