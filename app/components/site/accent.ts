/**
 * The one treatment for icon tiles and client labels, whatever colour content names: a pale navy
 * tile with a navy icon (docs/decisions/070). The ring keeps a tile visible on the navy-50 bands.
 */
export const tileClasses = 'bg-navy-100 text-navy-900 ring-1 ring-inset ring-navy-900/15'
