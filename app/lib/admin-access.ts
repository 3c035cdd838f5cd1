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

/** First match wins. `author` rows are narrowed further by the routes (only their own posts). */
const addressRoles: Array<[pattern: RegExp, role: Role]> = [
  // Every admin: the dashboard, their posts, the account tab of Settings, and the shell's endpoints.
  [/^\/admin\/?$/, 'author'],
  [/^\/admin\/blog(\/new|\/edit\/[^/]+|\/preview)?\/?$/, 'author'],
  [/^\/admin\/(drafts|logout|session)(\/.*)?$/, 'author'],
  [/^\/admin\/settings\/?$/, 'author'],
  [/^\/admin\/account(\/.*)?$/, 'author'],
  // Content and leads.
  [/^\/admin\/(blog|authors|case-studies|team|testimonials|redirects|not-found|media|inbox|insights|notifications)(\/.*)?$/, 'editor'],
  // Owners only: people, site settings (including each page's search fields) and the activity log.
  [/^\/admin\/(people|settings|activity)(\/.*)?$/, 'owner'],
]

/**
 * The least role an admin address needs. A data request (`/admin/blog.data`) is the page it loads.
 */
function roleNeededFor(pathname: string): Role {
  const path = pathname.replace(/\.data$/, '')
  return addressRoles.find(([pattern]) => pattern.test(path))?.[1] ?? 'author'
}

export function mayOpen(role: Role, pathname: string): boolean {
  return atLeast(role, roleNeededFor(pathname))
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
 * their Account tab (not Site Settings), the two-factor screens, and signing out or staying signed in.
 */
export function opensBeforeTwoFactor(url: URL): boolean {
  const path = url.pathname.replace(/\.data$/, '')
  if (/^\/admin\/settings\/?$/.test(path)) return url.searchParams.get('tab') !== 'site'
  return /^\/admin\/(account(\/.*)?|logout|session)\/?$/.test(path)
}
