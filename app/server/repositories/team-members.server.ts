import { fallbackTeamMembers } from '~/content/team'
import type { Db } from '~/server/db/schema.server'
import { imageUsesOf, type ImageUse } from '~/server/repositories/files.server'
import { deleteAtVersion, positionAfterLast, type RecordEdit, saveAtVersion } from '~/server/repositories/versions.server'
import { logger } from '~/server/log.server'

export interface TeamMember {
  id: string
  name: string
  role: string
  bio: string | null
  imageUrl: string | null
  version: string
}

/** What the About page shows of a member: no version, which only editors need. */
export type PublicTeamMember = Omit<TeamMember, 'version'>

/** What an editor saves; the photo is attached by the media service. */
export type TeamMemberFields = Pick<TeamMember, 'name' | 'role' | 'bio'>

const columns = ['id', 'name', 'role', 'bio', 'avatar_url', 'updated_at'] as const

function memberOf(row: {
  id: string
  name: string
  role: string
  bio: string | null
  avatar_url: string | null
  updated_at: string
}): TeamMember {
  return { id: row.id, name: row.name, role: row.role, bio: row.bio, imageUrl: row.avatar_url, version: row.updated_at }
}

/** Every team member in the order the team list gives them (by name among those never ordered): the list, and the About page's team. */
export async function listTeamMembers(db: Db): Promise<TeamMember[]> {
  const rows = await db.selectFrom('team_members').select(columns).orderBy('position').orderBy('name').orderBy('id').execute()
  return rows.map(memberOf)
}

/** The About page's team: from the database, or the four fallback members when it has none or fails. */
export async function listTeamForAboutPage(db: Db): Promise<PublicTeamMember[]> {
  try {
    const members = await listTeamMembers(db)
    if (members.length > 0) return members.map(({ version: _version, ...member }) => member)
  } catch (error) {
    logger.error({ err: error }, 'Failed to load team members; showing the fallback team')
  }
  return fallbackTeamMembers.map((m, i) => ({ id: `fallback-${i}`, name: m.name, role: m.role, bio: m.bio, imageUrl: null }))
}

export async function getTeamMember(db: Db, id: string): Promise<TeamMember | undefined> {
  const row = await db.selectFrom('team_members').select(columns).where('id', '=', id).executeTakeFirst()
  return row && memberOf(row)
}

/**
 * Creates a member, after the others, or saves over the version the editor loaded; a new photo
 * replaces the old one, none keeps it.
 */
export const saveTeamMember = async (db: Db, member: TeamMemberFields, edit: RecordEdit) =>
  saveAtVersion(db, 'team_members', edit.existing ? member : { ...member, position: await positionAfterLast(db, 'team_members') }, edit)

/** Deletes the version of a member the list showed; their photo goes with them. */
export const deleteTeamMember = (db: Db, id: string, version: string) => deleteAtVersion(db, 'team_members', id, version)

/** Team members whose photo is one of our uploaded images. */
export async function teamMemberImageUses(db: Db): Promise<ImageUse[]> {
  const rows = await db.selectFrom('team_members').select(['id', 'name', 'avatar_url']).where('avatar_url', 'like', '/media/%').execute()
  return imageUsesOf(rows, (row) => ({ recordId: row.id, title: row.name }), [['avatar_url', 'Photo']])
}
