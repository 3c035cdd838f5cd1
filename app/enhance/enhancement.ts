/**
 * What a public widget adds to its server-rendered markup in the browser, written beside its component
 * as `<component>.enhance.ts`. `wire` finds the widget's markup in the page, if the page has any, and
 * makes it work; `widget` names it when that fails.
 */
export type Enhancement = { widget: string; wire: () => void }

/**
 * Wires a bundle's list of enhancements, in order. One widget's failure is logged and leaves the
 * others working, as a page without the script would still work.
 */
export function enhancePage(enhancements: readonly Enhancement[]) {
  for (const { widget, wire } of enhancements) {
    try {
      wire()
    } catch (error) {
      console.error(`The ${widget} could not be enhanced:`, error)
    }
  }
}
