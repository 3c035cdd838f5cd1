/**
 * Who may do what in the back office. One table says the least role each admin address needs; the
 * server checks it on every loader and action (requireUser), and the menu hides what a role cannot
 * open. Any other admin address is the not-found page, open to every admin: a new area must be placed
 * here, and tests/e2e/roles.test.ts, which walks every route of app/routes.ts, fails until it is.
 */
export const roles = ['owner', 'editor', 'author'] as const
export type Role = (typeof roles)[number]

export const roleLabels: Record<Role, string> = { owner: 'Owner', editor: 'Editor', author: 'Author' }

export const roleDescriptions: Record<Role, string> = {
  owner: 'Everything, including people and site settings.',
  editor: 'All content and the inbox; not people or site settings.',
  author: 'Their own posts as drafts; an Editor or Owner publishes them.',
}

const rank: Record<Role, number> = { author: 1, editor: 2, owner: 3 }

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value)
}

/** The stored role, read defensively: an unknown value gets the least access. */
export function roleOf(value: string): Role {
  return isRole(value) ? value : 'author'
}

export function atLeast(role: Role, needed: Role): boolean {
  return rank[role] >= rank[needed]
}

/**
 * The least role of each admin screen, by the route pattern React Router matched for the request
 * (`pattern` in a loader's or action's arguments, as in app/routes.ts). It never reads the address
 * itself: `/Admin/People` and `/admin/%70eople` match `/admin/people` and get its check. Author rows
 * are narrowed further by the routes (only their own posts).
 */
const leastRoles: Record<string, Role> = {
  // Every admin: the dashboard, their posts, the account tab of Settings, and the shell's endpoints.
  '/admin': 'author',
  '/admin/blog': 'author',
  '/admin/blog/new': 'author',
  '/admin/blog/edit/:id': 'author',
  '/admin/blog/preview': 'author',
  '/admin/drafts': 'author',
  '/admin/logout': 'author',
  '/admin/session': 'author',
  '/admin/settings': 'author',
  '/admin/account/sessions': 'author',
  '/admin/account/two-factor': 'author',
  // Any other admin address: the not-found page, in the admin's frame.
  '/admin/*': 'author',
  // Content and leads.
  '/admin/blog/history/:id': 'editor',
  '/admin/authors': 'editor',
  '/admin/authors/new': 'editor',
  '/admin/authors/edit/:id': 'editor',
  '/admin/case-studies': 'editor',
  '/admin/case-studies/new': 'editor',
  '/admin/case-studies/edit/:id': 'editor',
  '/admin/case-studies/history/:id': 'editor',
  '/admin/team': 'editor',
  '/admin/team/new': 'editor',
  '/admin/team/edit/:id': 'editor',
  '/admin/testimonials': 'editor',
  '/admin/testimonials/new': 'editor',
  '/admin/testimonials/edit/:id': 'editor',
  '/admin/redirects': 'editor',
  '/admin/redirects/new': 'editor',
  '/admin/redirects/edit/:id': 'editor',
  '/admin/not-found': 'editor',
  '/admin/media': 'editor',
  '/admin/media/edit/:id': 'editor',
  '/admin/inbox': 'editor',
  '/admin/inbox/:id': 'editor',
  '/admin/inbox/export.csv': 'editor',
  '/admin/insights': 'editor',
  '/admin/notifications': 'editor',
  // Owners only: people, each page's search fields and the activity log (site settings are a tab
  // of /admin/settings that its action and loader keep to owners).
  '/admin/people': 'owner',
  '/admin/settings/pages': 'owner',
  '/admin/settings/pages/edit/:id': 'owner',
  '/admin/activity': 'owner',
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
export const authorPublishRefusal = 'Only an Editor or Owner can publish. Save the post as a draft, then choose Submit for review in the post list.'

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
