import { fallbackTeamMembers } from '~/content/team'
import { newId, nowIso } from '~/lib/ids'
import type { Db } from './db/schema.server'

export interface PublicTeamMember {
  id: string
  name: string
  role: string
  bio: string | null
  avatar_url: string | null
}

/** Every team member by name: the About page and the admin team list. */
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

/** One team member with every column, or undefined when there is no such member. */
export async function getTeamMember(db: Db, id: string) {
  return db.selectFrom('team_members').selectAll().where('id', '=', id).executeTakeFirst()
}

export interface TeamMemberFields {
  name: string
  role: string
  bio: string | null
  avatarUrl: string | null
}

/** Returns the new member's id. */
export async function createTeamMember(db: Db, member: TeamMemberFields, now = nowIso()): Promise<string> {
  const id = newId()
  await db
    .insertInto('team_members')
    .values({ id, name: member.name, role: member.role, bio: member.bio, avatar_url: member.avatarUrl, created_at: now, updated_at: now })
    .execute()
  return id
}

/** Returns false when there is no such member. */
export async function updateTeamMember(db: Db, id: string, member: TeamMemberFields, now = nowIso()): Promise<boolean> {
  const result = await db
    .updateTable('team_members')
    .set({ name: member.name, role: member.role, bio: member.bio, avatar_url: member.avatarUrl, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Deletes a member; returns their avatar, whose file the caller removes, or undefined when there was no such member. */
export async function deleteTeamMember(db: Db, id: string): Promise<{ avatarUrl: string | null } | undefined> {
  const row = await db.deleteFrom('team_members').where('id', '=', id).returning('avatar_url').executeTakeFirst()
  return row && { avatarUrl: row.avatar_url }
}
