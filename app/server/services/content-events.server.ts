import type { PublicContent } from '~/lib/admin-sections'

/**
 * Called by the code that changed public content, once its write has committed; the host then
 * forgets the pages it cached (here and on every other instance). Reads, sign-ins, lead handling and
 * refused requests never call it, so they never cost visitors a re-render.
 */
export type ContentChanged = (what: PublicContent) => void
