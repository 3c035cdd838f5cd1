import { fallbackTeamMembers } from '~/content/team'
import type { Db } from './db/schema.server'

export interface PublicTeamMember {
  id: string
  name: string
  role: string
  bio: string | null
  avatar_url: string | null
}

export async function listTeamMembers(db: Db): Promise<PublicTeamMember[]> {
  return db.selectFrom('team_members').select(['id', 'name', 'role', 'bio', 'avatar_url']).orderBy('name').execute()
}

/** The About page's team: from the database, or the four fallback members when it has none or fails. */
export async function listTeamForAboutPage(db: Db): Promise<PublicTeamMember[]> {
  try {
    const members = await listTeamMembers(db)
    if (members.length > 0) return members
  } catch (error) {
    console.error('Failed to load team members; showing the fallback team:', error)
  }
  return fallbackTeamMembers.map((m, i) => ({ id: `fallback-${i}`, name: m.name, role: m.role, bio: m.bio, avatar_url: null }))
}
