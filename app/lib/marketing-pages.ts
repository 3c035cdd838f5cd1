/*
 * Finding a marketing page (content/pages.ts) by its path or by its name in back-office addresses.
 * The list is passed in: content holds the words, and app/lib never imports it.
 */

interface Page {
  path: string
}

/** A page's name in back-office addresses: 'home' for /, else its path with dots for slashes ('resources.faq'). */
export const pageKey = (page: Page) => (page.path === '/' ? 'home' : page.path.slice(1).replaceAll('/', '.'))

export const pageByKey = <P extends Page>(pages: readonly P[], key: string) => pages.find((page) => pageKey(page) === key)

/** The page at this path; a path that is not a marketing page is a programming error. */
export function pageAt<P extends Page>(pages: readonly P[], path: string): P {
  const page = pages.find((candidate) => candidate.path === path)
  if (!page) throw new Error(`${path} is not a marketing page`)
  return page
}
