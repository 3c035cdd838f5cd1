import type { Db, InvitationsTable } from '~/server/db/schema.server'

/** An invitation not yet accepted, as the People screen lists it. */
export interface OpenInvitation {
  id: string
  email: string
  role: string
  expiresAt: string
  /** The inviting owner's display name, else e-mail; null only for one left by an owner removed before removals revoked invitations. */
  invitedBy: string | null
}

/** Invitations not accepted yet, expired ones included (the screen offers them a new link), newest first. */
export async function listOpenInvitations(db: Db): Promise<OpenInvitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.role',
      'invitations.expires_at',
      'users.email as inviter',
      'users.display_name as inviterName',
    ])
    .where('invitations.accepted_at', 'is', null)
    .orderBy('invitations.created_at', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: row.expires_at,
    invitedBy: row.inviterName ?? row.inviter,
  }))
}

export async function findInvitationByHash(db: Db, tokenHash: string): Promise<InvitationsTable | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

export async function getOpenInvitation(db: Db, id: string): Promise<InvitationsTable | undefined> {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst()
}

/** The e-mail's invitation that still works at `now`, if any. */
export async function pendingInvitationFor(db: Db, email: string, now: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('invitations')
    .select('id')
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

export async function insertInvitation(trx: Db, invitation: InvitationsTable): Promise<void> {
  await trx.insertInto('invitations').values(invitation).execute()
}

/** Deletes the e-mail's invitations that were never accepted: a new one replaces them. */
/** Deletes an e-mail's invitations that expired unaccepted: never one still open, which another owner may have sent a moment ago. */
export async function deleteExpiredInvitations(trx: Db, email: string, now: string): Promise<void> {
  await trx.deleteFrom('invitations').where('email', '=', email).where('accepted_at', 'is', null).where('expires_at', '<=', now).execute()
}

/** Deletes an invitation not accepted yet and says whom it invited; undefined when there is none (accepted, revoked, or never made). */
export async function deleteOpenInvitation(db: Db, id: string): Promise<{ email: string } | undefined> {
  return db.deleteFrom('invitations').where('id', '=', id).where('accepted_at', 'is', null).returning('email').executeTakeFirst()
}

/**
 * Marks the invitation accepted, if it still works, and returns it; undefined when it was used,
 * expired or revoked meanwhile. One conditional UPDATE: of two acceptances at the same instant the
 * database lets one change the row, and the other finds accepted_at set and changes nothing
 * (PostgreSQL re-checks the WHERE after waiting for the first; SQLite runs them one after the other).
 */
export async function claimInvitation(
  trx: Db,
  tokenHash: string,
  now: string,
): Promise<Pick<InvitationsTable, 'id' | 'email' | 'role' | 'invited_by'> | undefined> {
  return trx
    .updateTable('invitations')
    .set({ accepted_at: now })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'email', 'role', 'invited_by'])
    .executeTakeFirst()
}

/** Deletes the invitations an admin sent that were not accepted yet. */
export async function deleteOpenInvitationsFrom(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('invitations').where('invited_by', '=', userId).where('accepted_at', 'is', null).execute()
}

export async function deleteInvitation(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('invitations').where('id', '=', id).execute()
}
