import { sectionRoutes } from '~/lib/admin-sections'
import { atLeast, type Role } from '~/lib/roles'

/*
 * Who may do what in the back office. The server checks the least role of each admin screen on every
 * loader and action (requireUser), and the menu hides what a role cannot open. Any other admin
 * address is the not-found page, open to every admin; tests/e2e/roles.test.ts walks every route of
 * app/routes.ts against a table of its own, so a screen placed wrongly fails it.
 */

// The roles are declared apart, since the sections name them too; the screens ask for them here.
export { atLeast, isRole, roleDescriptions, roleLabels, roleOf, roles, type Role } from '~/lib/roles'

/**
 * The least role of each admin screen, by the route pattern React Router matched for the request
 * (`pattern` in a loader's or action's arguments, as in app/routes.ts). It never reads the address
 * itself: `/Admin/People` and `/admin/%70eople` match `/admin/people` and get its check. Each section's
 * screens take the role the section declares (app/lib/admin-sections.ts); the admin shell's own
 * endpoints and its not-found page are every admin's. Author rows are narrowed further by the routes
 * (only their own posts).
 */
const leastRoles: Record<string, Role> = {
  '/admin/logout': 'author',
  '/admin/session': 'author',
  '/admin/drafts': 'author',
  '/admin/*': 'author',
  ...Object.fromEntries(sectionRoutes().map(({ path, leastRole }) => [patternPath(`admin/${path}`.replace(/\/$/, '')), leastRole])),
}

/** React Router's pattern for a request (`admin/people`, `/` for the home page) as the path it names. */
export function patternPath(pattern: string): string {
  return pattern.startsWith('/') ? pattern : `/${pattern}`
}

/** The least role a matched route pattern needs; a pattern missing from the table is an Owner's. */
export function roleNeededFor(pattern: string): Role {
  const path = patternPath(pattern)
  return Object.hasOwn(leastRoles, path) ? leastRoles[path]! : 'owner'
}

/** Whether the role opens the screen of a route pattern (for the menu, a screen's own path). */
export function mayOpen(role: Role, pattern: string): boolean {
  return atLeast(role, roleNeededFor(pattern))
}

/** What an Author's access to a post turns on: who created it and whether it is live. */
export interface PostWorkflow {
  createdBy: string | null
  published: boolean
}

/** Editors and owners change any post; an Author only their own, and only while it is not published. */
export function mayChangePost(admin: { id: string; role: Role }, post: PostWorkflow): boolean {
  return atLeast(admin.role, 'editor') || (post.createdBy === admin.id && !post.published)
}

export const authorPostRefusal = 'Authors can change only their own posts, and only until an Editor or Owner publishes them.'
export const authorPublishRefusal =
  'Only an Editor or Owner can publish. Save the post as a draft, then choose Submit for review in the post list.'

/** Where an admin who must set up two-factor sign-in is sent: the card on their Account tab. */
export const twoFactorSetupPath = '/admin/settings#two-factor'

/**
 * What an admin may open while an owner requires two-factor sign-in and they have not set it up:
 * their Account tab (not Site Settings), the two-factor screens, and signing out or staying signed
 * in. Read from the matched route pattern, like the roles.
 */
export function opensBeforeTwoFactor(pattern: string, search: URLSearchParams): boolean {
  const path = patternPath(pattern)
  if (path === '/admin/settings') return search.get('tab') !== 'site'
  return ['/admin/account/sessions', '/admin/account/two-factor', '/admin/logout', '/admin/session'].includes(path)
}
