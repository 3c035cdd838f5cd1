import type { Accent } from '~/content/types'

/**
 * Tinted tile and readable foreground for each accent colour content may name. The tint is strong
 * enough, and the inner ring dark enough, for a tile to stand out on the grey bands too.
 */
export const accentClasses: Record<Accent, string> = {
  blue: 'bg-blue-100 text-blue-800 ring-1 ring-inset ring-blue-800/15',
  violet: 'bg-violet-100 text-violet-800 ring-1 ring-inset ring-violet-800/15',
  teal: 'bg-teal-100 text-teal-800 ring-1 ring-inset ring-teal-800/15',
  amber: 'bg-amber-100 text-amber-900 ring-1 ring-inset ring-amber-900/15',
  rose: 'bg-rose-100 text-rose-800 ring-1 ring-inset ring-rose-800/15',
  emerald: 'bg-emerald-100 text-emerald-800 ring-1 ring-inset ring-emerald-800/15',
}
