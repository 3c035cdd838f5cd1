import { atLeast, roleLabels, roleOf, type Role } from '~/lib/admin-access'
import { newId } from '~/lib/ids'
import type { Db, InvitationsTable, PeopleAction } from '~/server/db/schema.server'
import { type ActivityEntry, recordActivity } from '~/server/repositories/activity.server'
import {
  adminWithEmail,
  countOwners,
  deleteAdmin,
  getAdmin,
  insertAdmin,
  listAdmins,
  lockOwners,
  setAdminRole,
  setDisplayName,
} from '~/server/repositories/admins.server'
import {
  claimInvitation,
  deleteInvitation,
  deleteOpenInvitation,
  deleteOpenInvitationsFrom,
  deleteExpiredInvitations,
  findInvitationByHash,
  getOpenInvitation,
  insertInvitation,
  listOpenInvitations,
  pendingInvitationFor,
} from '~/server/repositories/invitations.server'
import { hashToken, isTokenShaped, newToken } from '~/server/services/tokens.server'
import { hashPassword, normalizeEmail, type User } from '~/server/services/users.server'

/*
 * Who may sign in to the back office: the admins with their roles, and the invitations that make new
 * ones. The rules live here; the People screen and the invitation page only parse and answer.
 * There is always an owner: a change that would leave none is refused, under a lock, so two owners
 * demoting each other at the same instant cannot both succeed. An invitation carries its sender's
 * authority: an owner who is removed or demoted takes back every invitation they sent, and a link
 * granting more than its sender's role today is refused.
 */

/** How long an invitation's link works. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000

export interface Admin {
  id: string
  email: string
  displayName: string | null
  role: Role
  lastSignInAt: string | null
  createdAt: string
  twoFactor: boolean
}

export interface Invitation {
  id: string
  email: string
  role: Role
  expiresAt: string
  expired: boolean
  invitedBy: string | null
}

/** The People screen's two lists: every admin, and the invitations not accepted yet. */
export async function listPeople(db: Db, now = new Date()): Promise<{ admins: Admin[]; invitations: Invitation[] }> {
  const admins = await listAdmins(db)
  const invitations = await listOpenInvitations(db)
  return {
    admins: admins.map((admin) => ({ ...admin, role: roleOf(admin.role) })),
    invitations: invitations.map((invitation) => ({
      ...invitation,
      role: roleOf(invitation.role),
      expired: invitation.expiresAt <= now.toISOString(),
    })),
  }
}

const peopleLine = (userEmail: string, action: PeopleAction, title: string): ActivityEntry => ({
  user_email: userEmail,
  action,
  record_type: null,
  record_id: null,
  title,
  revision_id: null,
})

// ---------------------------------------------------------------------------------------------
// Invitations

/** A new invitation with the token for its link (shown or sent once, never stored), or why there is none. */
export type InvitationOutcome =
  { ok: true; email: string; role: Role; token: string; expiresAt: string } | { ok: false; reason: 'admin' | 'pending' | 'gone' }

/**
 * Invites an e-mail to join with a role. Refused when the e-mail already belongs to an admin, or has
 * an invitation that still works (the screen offers a new link for it instead); an expired one is
 * replaced.
 */
export async function inviteAdmin(db: Db, by: User, invite: { email: string; role: Role }, now = new Date()): Promise<InvitationOutcome> {
  const email = normalizeEmail(invite.email)
  return oneOpenInvitation(db, email, now, async (trx) => {
    if (await adminWithEmail(trx, email)) return { ok: false, reason: 'admin' }
    if (await pendingInvitationFor(trx, email, now.toISOString())) return { ok: false, reason: 'pending' }
    await deleteExpiredInvitations(trx, email, now.toISOString())
    return issueInvitation(trx, by, { email, role: invite.role }, now, 'invited')
  })
}

/**
 * Resends an invitation not accepted yet (lost, or expired) with a fresh link: the token is not
 * stored, so the old link cannot be sent again, and it stops working.
 */
export async function renewInvitation(db: Db, by: User, id: string, now = new Date()): Promise<InvitationOutcome> {
  const old = await getOpenInvitation(db, id)
  if (!old) return { ok: false, reason: 'gone' }
  return oneOpenInvitation(db, old.email, now, async (trx) => {
    if (!(await getOpenInvitation(trx, id))) return { ok: false, reason: 'gone' }
    if (await adminWithEmail(trx, old.email)) {
      await deleteInvitation(trx, id)
      return { ok: false, reason: 'admin' }
    }
    await deleteInvitation(trx, id)
    return issueInvitation(trx, by, { email: old.email, role: roleOf(old.role) }, now, 'invitation-resent')
  })
}

/**
 * Runs an invitation's write in a transaction. Of two owners inviting one e-mail at the same instant,
 * both may pass the checks; the unique index on open invitations then refuses the second insert, and
 * that owner is told the invitation exists.
 */
async function oneOpenInvitation(
  db: Db,
  email: string,
  now: Date,
  write: (trx: Db) => Promise<InvitationOutcome>,
): Promise<InvitationOutcome> {
  try {
    return await db.transaction().execute(write)
  } catch (error) {
    if (await pendingInvitationFor(db, email, now.toISOString())) return { ok: false, reason: 'pending' }
    throw error
  }
}

async function issueInvitation(
  trx: Db,
  by: User,
  { email, role }: { email: string; role: Role },
  now: Date,
  action: 'invited' | 'invitation-resent',
): Promise<InvitationOutcome> {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString()
  await insertInvitation(trx, {
    id: newId(),
    token_hash: hashToken(token),
    email,
    role,
    invited_by: by.id,
    expires_at: expiresAt,
    accepted_at: null,
    created_at: now.toISOString(),
  })
  await recordActivity(trx, peopleLine(by.email, action, `${email} as ${roleLabels[role]}`))
  return { ok: true, email, role, token, expiresAt }
}

/** Takes back an invitation not accepted yet and says whom it invited; undefined when there is none to take back. */
export function revokeInvitation(db: Db, by: User, id: string): Promise<{ email: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    const revoked = await deleteOpenInvitation(trx, id)
    if (revoked) await recordActivity(trx, peopleLine(by.email, 'invitation-revoked', revoked.email))
    return revoked
  })
}

/** Why a link does not let anyone join: never made (or revoked), used, past its 72 hours, or for an e-mail that is an admin already. */
export type ClosedInvitation = 'unknown' | 'used' | 'expired' | 'admin'

/** What the invitation page shows for a link: whom it invites and as what, or why it does not work. */
export async function invitationToAccept(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ ok: true; email: string; role: Role } | { ok: false; reason: ClosedInvitation }> {
  const invitation = isTokenShaped(token) ? await findInvitationByHash(db, hashToken(token)) : undefined
  const closed = whyClosed(invitation, now)
  if (closed || !invitation) return { ok: false, reason: closed ?? 'unknown' }
  if (!(await senderMayGrant(db, invitation))) return { ok: false, reason: 'unknown' }
  if (await adminWithEmail(db, invitation.email)) {
    // A second click on the link can find the admin its first click just made: that link was used.
    const again = await findInvitationByHash(db, invitation.token_hash)
    return { ok: false, reason: again?.accepted_at ? 'used' : 'admin' }
  }
  return { ok: true, email: invitation.email, role: roleOf(invitation.role) }
}

/**
 * Whether the invitation's sender still holds the role it grants (or more). A demotion or removal
 * revokes a sender's invitations; this also covers a role changed any other way. An invitation with
 * no sender recorded (left by an owner removed before that rule) stays valid.
 */
async function senderMayGrant(db: Db, invitation: Pick<InvitationsTable, 'invited_by' | 'role'>): Promise<boolean> {
  if (invitation.invited_by === null) return true
  const sender = await getAdmin(db, invitation.invited_by)
  return sender !== undefined && atLeast(roleOf(sender.role), roleOf(invitation.role))
}

function whyClosed(invitation: { accepted_at: string | null; expires_at: string } | undefined, now: Date): ClosedInvitation | null {
  if (!invitation) return 'unknown'
  if (invitation.accepted_at) return 'used'
  return invitation.expires_at <= now.toISOString() ? 'expired' : null
}

/**
 * Accepts an invitation: the new admin, with the invited role and their password, in the same
 * transaction as the claim on the link, which succeeds once (claimInvitation). The password is hashed
 * before the transaction opens: argon2 is slow on purpose, and SQLite's writers would wait on it. An
 * e-mail that became an admin meanwhile (`npm run admin:create`), or a link its sender may no
 * longer grant, is refused, and its invitation goes.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ ok: true; user: User } | { ok: false; reason: ClosedInvitation }> {
  const open = await invitationToAccept(db, token, now)
  if (!open.ok) return open
  const passwordHash = await hashPassword(password)
  const tokenHash = hashToken(token)
  const at = now.toISOString()
  return db.transaction().execute(async (trx) => {
    const claimed = await claimInvitation(trx, tokenHash, at)
    if (!claimed) return { ok: false, reason: whyClosed(await findInvitationByHash(trx, tokenHash), now) ?? 'used' }
    if (!(await senderMayGrant(trx, claimed))) {
      await deleteInvitation(trx, claimed.id)
      return { ok: false, reason: 'unknown' }
    }
    if (await adminWithEmail(trx, claimed.email)) {
      await deleteInvitation(trx, claimed.id)
      return { ok: false, reason: 'admin' }
    }
    const user: User = { id: newId(), email: claimed.email, role: roleOf(claimed.role) }
    await insertAdmin(trx, { ...user, passwordHash, now: at })
    await recordActivity(trx, peopleLine(user.email, 'joined', `as ${roleLabels[user.role]}`))
    return { ok: true, user }
  })
}

// ---------------------------------------------------------------------------------------------
// Roles and removal

/**
 * What became of a change to an admin: done (`self` when the owner changed themselves), nothing to
 * do, the admin was removed meanwhile, or refused because it would leave the site without an owner.
 */
export type PeopleChange = { outcome: 'done' | 'unchanged' | 'last-owner'; email: string; self: boolean } | { outcome: 'gone' }

/** Gives an admin another role; an owner's only while another owner remains. An owner no longer one loses their open invitations. */
export function changeRole(db: Db, by: User, adminId: string, role: Role, now = new Date()): Promise<PeopleChange> {
  return withOwnersLocked(db, adminId, by, async (trx, admin) => {
    if (admin.role === role) return 'unchanged'
    const from = roleOf(admin.role)
    if (admin.role === 'owner' && (await countOwners(trx)) <= 1) return 'last-owner'
    await setAdminRole(trx, admin.id, role, now.toISOString())
    if (from === 'owner') await deleteOpenInvitationsFrom(trx, admin.id)
    await recordActivity(trx, peopleLine(by.email, 'role-changed', `${admin.email}: ${roleLabels[from]} → ${roleLabels[role]}`))
    return 'done'
  })
}

/**
 * Removes an admin: their sessions end at once and they can no longer sign in; an owner only while
 * another owner remains (an owner may remove themselves then). The invitations they sent and nobody
 * accepted yet go with them. Their posts stay, credited as before.
 */
export function removeAdmin(db: Db, by: User, adminId: string): Promise<PeopleChange> {
  return withOwnersLocked(db, adminId, by, async (trx, admin) => {
    if (admin.role === 'owner' && (await countOwners(trx)) <= 1) return 'last-owner'
    await deleteOpenInvitationsFrom(trx, admin.id)
    await deleteAdmin(trx, admin.id)
    await recordActivity(trx, peopleLine(by.email, 'removed', `${admin.email} (${roleLabels[roleOf(admin.role)]})`))
    return 'done'
  })
}

/**
 * Gives an admin a display name, or takes it away (null). Owners name anyone, themselves included:
 * the name only labels the admin, so no owner lock is needed.
 */
export async function renameAdmin(db: Db, by: User, adminId: string, displayName: string | null, now = new Date()): Promise<PeopleChange> {
  return db.transaction().execute(async (trx) => {
    const admin = await getAdmin(trx, adminId)
    if (!admin) return { outcome: 'gone' }
    const change = { email: admin.email, self: admin.id === by.id }
    if (admin.displayName === displayName) return { outcome: 'unchanged', ...change }
    await setDisplayName(trx, admin.id, displayName, now.toISOString())
    await recordActivity(
      trx,
      peopleLine(by.email, 'renamed', displayName ? `${admin.email}: ${displayName}` : `${admin.email}: name taken away`),
    )
    return { outcome: 'done', ...change }
  })
}

/** Runs a change to one admin with every owner's row locked first (lockOwners), then reads the admin. */
function withOwnersLocked(
  db: Db,
  adminId: string,
  by: User,
  change: (trx: Db, admin: { id: string; email: string; role: string }) => Promise<'done' | 'unchanged' | 'last-owner'>,
): Promise<PeopleChange> {
  return db.transaction().execute(async (trx) => {
    await lockOwners(trx)
    const admin = await getAdmin(trx, adminId)
    if (!admin) return { outcome: 'gone' }
    return { outcome: await change(trx, admin), email: admin.email, self: admin.id === by.id }
  })
}
