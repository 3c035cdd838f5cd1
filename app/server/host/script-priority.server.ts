const MODULE_PRELOAD = /<link rel="modulepreload"/g

/**
 * Marks the app's module preloads `fetchpriority="low"`. React Router emits them without a priority,
 * so on a slow phone connection the scripts that hydrate the page share the line with the stylesheet,
 * the font and the images that draw it; low, they wait, and the page paints first.
 */
export function lowPriorityModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"')
}
