import type { PublicContent } from '~/lib/admin-sections'

/**
 * Called by the code that changed public content, once its write has committed; the host then
 * forgets the pages it cached (here and on every other instance) and purges the shared cache's
 * copies of the pages showing it (shown-content.server.ts). `recordId` names the one record changed,
 * when there is one: without it, every page of that kind is purged. Reads, sign-ins, lead handling
 * and refused requests never call it, so they never cost visitors a re-render.
 */
export type ContentChanged = (what: PublicContent, recordId?: string) => void
