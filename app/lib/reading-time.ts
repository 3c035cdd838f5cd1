/*
 * How long a post is, for its writer (the editor's word count) and its readers (the minutes on the
 * post). Counted from the Markdown with its marks taken out: code blocks, images and link addresses
 * are not read as words.
 */

/** Words a minute an adult reads a web page at; 225 is the usual figure for non-fiction. */
const WORDS_PER_MINUTE = 225

const MARKS: [RegExp, string][] = [
  [/```[\s\S]*?(```|$)/g, ' '],
  [/<[^>]+>/g, ' '],
  [/!\[[^\]]*\]\([^)]*\)/g, ' '],
  [/\[([^\]]*)\]\([^)]*\)/g, '$1'],
  [/https?:\/\/\S+/g, ' '],
]

export function wordCount(markdown: string): number {
  const text = MARKS.reduce((rest, [pattern, replacement]) => rest.replace(pattern, replacement), markdown)
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}

/** Whole minutes, never less than one for a post with any words. */
export const readingMinutes = (words: number): number => (words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE)))

export const readingTimeLabel = (minutes: number): string => `${minutes} min read`
