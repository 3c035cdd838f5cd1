/**
 * The three roles of the back office and their order. Each section of app/lib/admin-sections.ts names
 * the least of them that opens it; app/lib/admin-access.ts answers what a role may do.
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
