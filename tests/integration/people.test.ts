import { createHash } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/log.server'
import type { Role } from '~/lib/admin-access'
import { openDatabase } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import { action as acceptAction, loader as acceptLoader } from '~/routes/admin/accept-invitation'
import { action as peopleAction, loader as peopleLoader } from '~/routes/admin/people'
import { loader as layoutLoader } from '~/routes/admin/layout'
import { requireUser, signIn } from '~/server/services/auth.server'
import {
  acceptInvitation,
  changeRole,
  INVITATION_TTL_MS,
  invitationToAccept,
  inviteAdmin,
  removeAdmin,
} from '~/server/services/people.server'
import { upsertAdmin, type User } from '~/server/services/users.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { cookiesFrom, formRequest, signedInAdmin, testContext, toastFrom } from '../support/context'
import { describeEachDatabase, failingOn, racedBy } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { useSmtpServer } from '../support/smtp'

const { mails: received, url: smtpAddress } = useSmtpServer()

const PASSWORD = 'a-long-password'
const HOUR_MS = 60 * 60 * 1000
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

type Refusal = { values: Record<string, string>; errors: Record<string, string>; failure: string | null; toast: string }
type Invited = { invited: { email: string; role: Role; expiresAt: string; emailed: boolean; link: string | null; sendFailed: boolean } }

describeEachDatabase('people and invitations', (getDb) => {
  const db = () => getDb().db
  let address = 0
  // Each request from its own address, clear of the sign-in limits.
  const ctx = (config: object = {}, on = db()) => {
    const base = testContext(on, `198.51.100.${++address % 250}`)
    return { ...base, config: { ...base.config, ...config } }
  }
  let owner: User
  let ownerCookie = ''

  const makeAdmin = (email: string, role: Role) => signedInAdmin(ctx(), email, PASSWORD, role)

  const post = async (
    fields: Record<string, string>,
    { cookie = ownerCookie, config = {}, on = db() }: { cookie?: string; config?: object; on?: Db } = {},
  ) =>
    unwrap<Refusal & Invited & { confirmRemoval: { id: string; email: string; self: boolean } }>(
      await callRoute(peopleAction, formRequest('/admin/people', fields, cookie), ctx(config, on)),
    )
  const people = async (cookie = ownerCookie) =>
    unwrap<Awaited<ReturnType<typeof peopleLoader>>>(
      await callRoute(peopleLoader, new Request('http://localhost/admin/people', { headers: { Cookie: cookie } }), ctx()),
    )
  const tokenOf = (link: string | null) => new URL(link!).pathname.split('/').pop()!
  const openPage = async (token: string) =>
    unwrap<Awaited<ReturnType<typeof acceptLoader>>['data']>(
      await callRoute(acceptLoader, new Request(`http://localhost/admin/invitation/${token}`), ctx(), { token }),
    )
  const join = async (token: string, password = PASSWORD, confirmPassword = password, cookie?: string) =>
    unwrap<Refusal & { closed: string }>(
      await callRoute(acceptAction, formRequest(`/admin/invitation/${token}`, { password, confirmPassword }, cookie), ctx(), { token }),
    )
  const invite = async (email: string, role = 'editor') => {
    const answer = await post({ intent: 'invite', email, role })
    if (answer.status !== 200) throw new Error(`inviting ${email} answered ${answer.status}: ${JSON.stringify(answer.data)}`)
    return tokenOf(answer.data.invited.link)
  }
  const userNamed = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
  const invitationsOf = (email: string) => db().selectFrom('invitations').selectAll().where('email', '=', email).execute()
  const activity = async (action: string) =>
    db()
      .selectFrom('activity')
      .select(['user_email', 'title'])
      .where('action', '=', action as never)
      .orderBy('at')
      .execute()
  /** Whether a cookie still opens the back office: a live session, or the way to the login page. */
  const stillSignedIn = async (cookie: string) => {
    const answer = unwrap(await callRoute(layoutLoader, new Request('http://localhost/admin', { headers: { Cookie: cookie } }), ctx()))
    return answer.status === 200
  }

  beforeAll(async () => {
    ;({ user: owner, cookie: ownerCookie } = await makeAdmin('owner@example.com', 'owner'))
  })

  beforeEach(() => {
    vi.restoreAllMocks()
  })

  describe('inviting', () => {
    it('stores only the hash of a 72-hour single-use token, lists the invitation and shows the link when the server sends no e-mail', async () => {
      const before = Date.now()
      const answer = await post({ intent: 'invite', email: '  Ivy@Example.com ', role: 'editor' })
      expect(answer.status).toBe(200)
      const { invited } = answer.data
      expect(invited).toMatchObject({ email: 'ivy@example.com', role: 'editor', emailed: false, sendFailed: false })
      expect(invited.link).toMatch(/^http:\/\/localhost:3000\/admin\/invitation\/[A-Za-z0-9_-]{43}$/)
      const token = tokenOf(invited.link)

      const [stored] = await invitationsOf('ivy@example.com')
      expect(stored).toMatchObject({ token_hash: sha256(token), role: 'editor', invited_by: owner.id, accepted_at: null })
      expect(JSON.stringify(await db().selectFrom('invitations').selectAll().execute())).not.toContain(token)
      const lasts = Date.parse(stored!.expires_at) - Date.parse(stored!.created_at)
      expect(lasts).toBe(INVITATION_TTL_MS)
      expect(Date.parse(stored!.created_at)).toBeGreaterThanOrEqual(before)

      const listed = (await people()).data.invitations.find((i) => i.email === 'ivy@example.com')
      expect(listed).toMatchObject({ role: 'editor', invitedBy: 'owner@example.com', expired: false })
      expect(await activity('invited')).toContainEqual({ user_email: 'owner@example.com', title: 'ivy@example.com as Editor' })
    })

    it.each([
      ['an empty e-mail', { email: '  ', role: 'editor' }, { email: 'Please enter the email address to invite' }],
      ['a bad e-mail', { email: 'not-an-email', role: 'editor' }, { email: 'Please enter a valid email address, like name@example.com' }],
      [
        'an e-mail of 255 characters',
        { email: `${'a'.repeat(243)}@example.com`, role: 'author' },
        { email: 'Email must be 254 characters or fewer' },
      ],
      ['an unknown role', { email: 'rex@example.com', role: 'superuser' }, { role: 'Please choose a role: Owner, Editor, Author' }],
      ['a role by its label', { email: 'rex@example.com', role: 'Owner' }, { role: 'Please choose a role: Owner, Editor, Author' }],
      ['no role at all', { email: 'rex@example.com' }, { role: 'Please choose a role: Owner, Editor, Author' }],
    ])('refuses %s with the message at the field, keeping what was typed, and stores nothing', async (_case, fields, errors) => {
      const before = await db().selectFrom('invitations').select('id').execute()
      const answer = await post({ intent: 'invite', ...fields })
      expect(answer.status).toBe(400)
      expect(answer.data.errors).toEqual(errors)
      expect(answer.data.values).toMatchObject({ intent: 'invite', email: fields.email })
      expect(await db().selectFrom('invitations').select('id').execute()).toEqual(before)
    })

    it('refuses an e-mail that is an admin already, or has an invitation that still works, and replaces an expired one', async () => {
      const admin = await post({ intent: 'invite', email: 'OWNER@example.com', role: 'author' })
      expect(admin.status).toBe(409)
      expect(admin.data.errors).toEqual({ email: 'owner@example.com is already an admin.' })

      await invite('paula@example.com')
      const pending = await post({ intent: 'invite', email: 'paula@example.com', role: 'owner' })
      expect(pending.status).toBe(409)
      expect(pending.data.errors.email).toBe(
        'paula@example.com already has an invitation that still works. Use “Resend invitation” under Invitations to send a new link.',
      )
      expect(await invitationsOf('paula@example.com')).toHaveLength(1)

      // Once the first has expired, a new invitation replaces it.
      const later = new Date(Date.now() + INVITATION_TTL_MS + 1000)
      const renewed = await inviteAdmin(db(), owner, { email: 'paula@example.com', role: 'author' }, later)
      expect(renewed).toMatchObject({ ok: true, role: 'author' })
      const rows = await invitationsOf('paula@example.com')
      expect(rows.map((row) => row.role)).toEqual(['author'])
    })

    it('keeps the invitation another owner sent just after this one looked, and says it is pending', async (context) => {
      if (getDb().dialect !== 'postgres') context.skip('SQLite runs one write at a time per file, so the two cannot interleave there')
      const { user: second } = await makeAdmin('quick-owner@example.com', 'owner')
      const elsewhere = openDatabase(getDb().target)
      try {
        // The other owner's invitation commits between this one's pending check and its write.
        let pendingCheck: unknown
        let interleavedOnce = false
        const interleaved = db().withPlugin({
          transformQuery: ({ node, queryId }) => {
            if (!pendingCheck && node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"name":"invitations"'))
              pendingCheck = queryId
            return node
          },
          transformResult: async ({ queryId, result }) => {
            if (queryId === pendingCheck && !interleavedOnce) {
              interleavedOnce = true
              expect(await inviteAdmin(elsewhere.db, second, { email: 'between@example.com', role: 'author' })).toMatchObject({ ok: true })
            }
            return result
          },
        })
        expect(await inviteAdmin(interleaved, owner, { email: 'between@example.com', role: 'editor' })).toEqual({
          ok: false,
          reason: 'pending',
        })
        expect((await invitationsOf('between@example.com')).map((row) => row.role)).toEqual(['author'])
      } finally {
        await elsewhere.close()
        await removeAdmin(db(), owner, second.id)
      }
    })

    it('lets one of two owners inviting the same e-mail at the same instant through', async () => {
      const { user: second } = await makeAdmin('co-owner@example.com', 'owner')
      const outcomes = await Promise.all([
        inviteAdmin(db(), owner, { email: 'twice@example.com', role: 'editor' }),
        inviteAdmin(db(), second, { email: 'twice@example.com', role: 'author' }),
      ])
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
      expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: 'pending' }])
      expect(await invitationsOf('twice@example.com')).toHaveLength(1)
      await removeAdmin(db(), owner, second.id)
    })

    it('e-mails the link when the server has a mail server, says so, and shows no link; shows it when sending fails', async () => {
      received.length = 0
      const sent = await post({ intent: 'invite', email: 'mailed@example.com', role: 'author' }, { config: { smtpUrl: smtpAddress() } })
      expect(sent.status).toBe(200)
      expect(sent.data.invited).toMatchObject({ email: 'mailed@example.com', emailed: true, link: null, sendFailed: false })
      const mail = received.find((m) => /^To: mailed@example.com/m.test(m))!
      expect(mail).toContain('Subject: You are invited to the Bayline AI admin')
      expect(mail).toMatch(/^Reply-To: owner@example.com/m)
      const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      const token = /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(unfolded)![1]!
      expect((await invitationsOf('mailed@example.com'))[0]!.token_hash).toBe(sha256(token))
      expect((await openPage(token)).data.invitation).toEqual({ email: 'mailed@example.com', role: 'author' })

      vi.spyOn(logger, 'error').mockImplementation(() => {})
      const failed = await post(
        { intent: 'invite', email: 'unsent@example.com', role: 'author' },
        { config: { smtpUrl: 'smtp://127.0.0.1:9' } },
      )
      expect(failed.data.invited).toMatchObject({ emailed: false, sendFailed: true })
      expect(tokenOf(failed.data.invited.link)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    })

    it('makes a new link for an open invitation, after which the old one no longer works; revoking ends it', async () => {
      const oldToken = await invite('renewed@example.com', 'author')
      const [old] = await invitationsOf('renewed@example.com')
      const answer = await post({ intent: 'renew', id: old!.id })
      expect(answer.status).toBe(200)
      const newToken = tokenOf(answer.data.invited.link)
      expect(newToken).not.toBe(oldToken)
      expect((await openPage(oldToken)).status).toBe(404)
      expect((await openPage(newToken)).data.invitation).toEqual({ email: 'renewed@example.com', role: 'author' })

      const [current] = await invitationsOf('renewed@example.com')
      const revoked = await post({ intent: 'revoke', id: current!.id })
      expect(revoked.status).toBe(302)
      expect(toastFrom(revoked.headers)).toEqual({ type: 'success', title: 'Invitation to renewed@example.com revoked' })
      expect(await invitationsOf('renewed@example.com')).toEqual([])
      expect((await openPage(newToken)).status).toBe(404)
      expect((await post({ intent: 'revoke', id: current!.id })).status).toBe(404)
    })
  })

  describe('accepting', () => {
    it('shows whom the link invites, then creates the admin with the invited role, signs them in and sends them to /admin', async () => {
      const token = await invite('edna@example.com', 'editor')
      const page = await openPage(token)
      expect(page.status).toBe(200)
      expect(page.data).toMatchObject({ invitation: { email: 'edna@example.com', role: 'editor' }, closed: null })

      const joined = await join(token)
      expect(joined.status).toBe(302)
      expect(joined.headers.get('Location')).toBe('/admin')
      expect(toastFrom(joined.headers)).toEqual({
        type: 'success',
        title: 'Welcome to Bayline AI',
        description: 'You are signed in as Editor.',
      })
      const cookie = cookiesFrom(new Response(null, { headers: joined.headers }))
      const user = await requireUser({
        request: new Request('http://localhost/admin', { headers: { Cookie: cookie } }),
        context: ctx(),
        pattern: 'admin',
      })
      expect(user).toMatchObject({ email: 'edna@example.com', role: 'editor' })
      expect((await userNamed('edna@example.com'))!.last_sign_in_at).not.toBeNull()
      // The password chosen is the one that signs in.
      expect((await signIn(new Request('http://localhost/admin/login'), ctx(), { email: 'edna@example.com', password: PASSWORD })).ok).toBe(
        true,
      )
      expect((await invitationsOf('edna@example.com'))[0]!.accepted_at).not.toBeNull()
      expect(await activity('joined')).toContainEqual({ user_email: 'edna@example.com', title: 'as Editor' })
      expect((await people()).data.invitations.map((i) => i.email)).not.toContain('edna@example.com')

      // The link worked once.
      expect((await openPage(token)).status).toBe(410)
      const again = await join(token, 'another-long-password')
      expect(again).toMatchObject({ status: 410, data: { closed: 'used' } })
    })

    it('checks the password as the password change does, with each message at its field, and sends no password back', async () => {
      const token = await invite('pat@example.com', 'author')
      expect((await join(token, '', '')).data.errors).toEqual({
        password: 'Please choose a password',
        confirmPassword: 'Please type the password again',
      })
      expect((await join(token, 'short', 'short')).data.errors).toEqual({ password: 'Password must be at least 8 characters' })
      expect((await join(token, 'p'.repeat(257))).data.errors).toEqual({ password: 'Password must be at most 256 characters' })
      const mismatch = await join(token, PASSWORD, 'a-different-password')
      expect(mismatch.status).toBe(400)
      expect(mismatch.data).toEqual({
        values: {},
        errors: { confirmPassword: "Passwords don't match" },
        failure: null,
        toast: "Passwords don't match",
      })
      expect(await userNamed('pat@example.com')).toBeUndefined()
      expect((await openPage(token)).status).toBe(200)
    })

    it('lets exactly one of several acceptances of one link at the same instant through', async () => {
      const token = await invite('racer@example.com', 'author')
      const outcomes = await Promise.all([1, 2, 3].map((n) => acceptInvitation(db(), token, `password-number-${n}`)))
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
      expect(outcomes.filter((o) => !o.ok)).toEqual([
        { ok: false, reason: 'used' },
        { ok: false, reason: 'used' },
      ])
      expect(await db().selectFrom('users').select('id').where('email', '=', 'racer@example.com').execute()).toHaveLength(1)
    })

    it('works until 72 hours have passed, then says the invitation expired', async () => {
      const start = new Date()
      const outcome = await inviteAdmin(db(), owner, { email: 'late@example.com', role: 'author' }, start)
      if (!outcome.ok) throw new Error('invitation refused')
      const at = (ms: number) => new Date(start.getTime() + ms)
      expect(await invitationToAccept(db(), outcome.token, at(72 * HOUR_MS - 1))).toEqual({
        ok: true,
        email: 'late@example.com',
        role: 'author',
      })
      expect(await invitationToAccept(db(), outcome.token, at(72 * HOUR_MS))).toEqual({ ok: false, reason: 'expired' })
      expect(await acceptInvitation(db(), outcome.token, PASSWORD, at(72 * HOUR_MS + 1))).toEqual({ ok: false, reason: 'expired' })
      expect(await userNamed('late@example.com')).toBeUndefined()
      // The screen marks it, so the owner can send a new link.
      const listed = await invitationsOf('late@example.com')
      expect(listed).toHaveLength(1)
    })

    it('answers an unknown, malformed or revoked link with 404 and the way to ask for a new one', async () => {
      for (const token of ['A'.repeat(43), 'short', '<script>', `${'x'.repeat(43)}/..`]) {
        const page = await openPage(token)
        expect(page.status).toBe(404)
        expect(page.data).toMatchObject({ invitation: null, closed: 'unknown' })
        expect((await join(token)).data).toEqual({ closed: 'unknown' })
      }
    })

    it('refuses an invitation whose e-mail became an admin meanwhile, and removes it', async () => {
      const token = await invite('meanwhile@example.com', 'owner')
      await upsertAdmin(db(), 'meanwhile@example.com', PASSWORD)
      expect(await acceptInvitation(db(), token, 'another-long-password')).toEqual({ ok: false, reason: 'admin' })
      // Between the page's check and the claim (`npm run admin:create` as the transaction opens): refused, and the invitation goes.
      const raced = await invite('raced@example.com', 'editor')
      const adminCreated = racedBy(db(), () => upsertAdmin(db(), 'raced@example.com', 'their-own-password'))
      expect(await acceptInvitation(adminCreated, raced, 'another-long-password')).toEqual({ ok: false, reason: 'admin' })
      expect(await invitationsOf('raced@example.com')).toEqual([])
      expect(
        (await signIn(new Request('http://localhost/admin/login'), ctx(), { email: 'raced@example.com', password: 'their-own-password' }))
          .ok,
      ).toBe(true)
      // Both were made owners by admin:create; the tests below count owners.
      await db().deleteFrom('users').where('email', 'in', ['meanwhile@example.com', 'raced@example.com']).execute()
    })
  })

  describe('roles', () => {
    it('changes an admin’s role, which applies to their next request, and refuses an unknown role at the field', async () => {
      const { user: ed, cookie } = await makeAdmin('role-ed@example.com', 'editor')
      expect(
        unwrap(await callRoute(peopleLoader, new Request('http://localhost/admin/people', { headers: { Cookie: cookie } }), ctx())).status,
      ).toBe(403)

      const bad = await post({ intent: 'change-role', id: ed.id, role: 'root' })
      expect(bad.status).toBe(400)
      expect(bad.data.errors).toEqual({ role: 'Please choose a role: Owner, Editor, Author' })
      expect(bad.data.values).toMatchObject({ intent: 'change-role', id: ed.id })

      const changed = await post({ intent: 'change-role', id: ed.id, role: 'author' })
      expect(changed.status).toBe(302)
      expect(changed.headers.get('Location')).toBe('/admin/people')
      expect(toastFrom(changed.headers)).toEqual({ type: 'success', title: 'role-ed@example.com is now Author' })
      expect((await userNamed('role-ed@example.com'))!.role).toBe('author')
      expect(
        await requireUser({
          request: new Request('http://localhost/admin', { headers: { Cookie: cookie } }),
          context: ctx(),
          pattern: 'admin',
        }),
      ).toMatchObject({ role: 'author' })
      expect(await activity('role-changed')).toContainEqual({
        user_email: 'owner@example.com',
        title: 'role-ed@example.com: Editor → Author',
      })

      const promoted = await post({ intent: 'change-role', id: ed.id, role: 'owner' })
      expect(promoted.status).toBe(302)
      expect((await people()).data.admins.find((a) => a.id === ed.id)).toMatchObject({ role: 'owner', twoFactor: false })
      await post({ intent: 'remove', id: ed.id, confirmed: 'yes' })
    })

    it('refuses to demote or remove the only owner, themselves included', async () => {
      expect((await db().selectFrom('users').select('id').where('role', '=', 'owner').execute()).map((r) => r.id)).toEqual([owner.id])
      const demote = await post({ intent: 'change-role', id: owner.id, role: 'editor' })
      expect(demote.status).toBe(409)
      expect(demote.data.failure).toBe('owner@example.com is the only owner. Make someone else an owner first, so the site always has one.')
      const remove = await post({ intent: 'remove', id: owner.id, confirmed: 'yes' })
      expect(remove.status).toBe(409)
      expect((await userNamed('owner@example.com'))!.role).toBe('owner')
      expect(await stillSignedIn(ownerCookie)).toBe(true)
    })

    it('lets only one of two owners demoting each other at the same instant succeed, and likewise for removals', async () => {
      for (let round = 0; round < 4; round++) {
        const a = await makeAdmin(`duel-a${round}@example.com`, 'owner')
        const b = await makeAdmin(`duel-b${round}@example.com`, 'owner')
        // a and b are the only owners while they race.
        await db().updateTable('users').set({ role: 'editor' }).where('id', '=', owner.id).execute()
        const racing =
          round % 2 === 0
            ? [changeRole(db(), a.user, b.user.id, 'editor'), changeRole(db(), b.user, a.user.id, 'editor')]
            : [removeAdmin(db(), a.user, b.user.id), removeAdmin(db(), b.user, a.user.id)]
        const outcomes = await Promise.all(racing)
        expect(outcomes.map((o) => o.outcome).sort()).toEqual(['done', 'last-owner'])
        const owners = await db().selectFrom('users').select('email').where('role', '=', 'owner').execute()
        expect(owners).toHaveLength(1)
        await db().updateTable('users').set({ role: 'owner' }).where('id', '=', owner.id).execute()
        await db()
          .deleteFrom('users')
          .where('email', 'in', [`duel-a${round}@example.com`, `duel-b${round}@example.com`])
          .execute()
      }
    })

    it('sends an owner who gave themselves another role to the dashboard', async () => {
      const { user: other, cookie } = await makeAdmin('self-demoting@example.com', 'owner')
      const answer = await post({ intent: 'change-role', id: other.id, role: 'editor' }, { cookie })
      expect(answer.status).toBe(302)
      expect(answer.headers.get('Location')).toBe('/admin')
      expect(toastFrom(answer.headers)).toEqual({ type: 'success', title: 'You are now Editor' })
      await post({ intent: 'remove', id: other.id, confirmed: 'yes' })
    })
  })

  describe('removing', () => {
    it('asks first when the form comes without its confirmation (no scripts), removing nothing', async () => {
      const { user } = await makeAdmin('asked@example.com', 'author')
      const asked = await post({ intent: 'remove', id: user.id })
      expect(asked.status).toBe(200)
      expect(asked.data.confirmRemoval).toEqual({ id: user.id, email: 'asked@example.com', self: false })
      expect(await userNamed('asked@example.com')).toBeDefined()
      await post({ intent: 'remove', id: user.id, confirmed: 'yes' })
    })

    it('ends every session of the removed admin at once and keeps their posts, credited as before', async () => {
      const { user: ed, cookie } = await makeAdmin('leaving@example.com', 'editor')
      const second = await signIn(new Request('http://localhost/admin/login'), ctx(), { email: 'leaving@example.com', password: PASSWORD })
      if (!second.ok) throw new Error('second sign-in failed')
      const authorId = await createTestAuthor(db(), { name: 'Leaving Writer' })
      const { id: postId } = await createTestPost(db(), authorId, { title: 'Stays on the site' })
      await db().updateTable('blog_posts').set({ created_by: ed.id }).where('id', '=', postId).execute()
      await db()
        .insertInto('drafts')
        .values({ record_type: 'post', record_key: 'new', user_id: ed.id, form_values: '{}', saved_at: new Date().toISOString() })
        .execute()
      expect(await db().selectFrom('sessions').select('id').where('user_id', '=', ed.id).execute()).toHaveLength(2)

      const removed = await post({ intent: 'remove', id: ed.id, confirmed: 'yes' })
      expect(removed.status).toBe(302)
      expect(removed.headers.get('Location')).toBe('/admin/people')
      expect(toastFrom(removed.headers)).toEqual({
        type: 'success',
        title: 'leaving@example.com was removed',
        description: 'Their sessions have ended.',
      })
      expect(await userNamed('leaving@example.com')).toBeUndefined()
      expect(await db().selectFrom('sessions').select('id').where('user_id', '=', ed.id).execute()).toEqual([])
      expect(await db().selectFrom('drafts').select('user_id').where('user_id', '=', ed.id).execute()).toEqual([])
      expect(await stillSignedIn(cookie)).toBe(false)
      expect(await stillSignedIn(second.setCookie.split(';')[0]!)).toBe(false)
      expect(
        await db().selectFrom('blog_posts').select(['title', 'author_id', 'created_by']).where('id', '=', postId).executeTakeFirst(),
      ).toEqual({
        title: 'Stays on the site',
        author_id: authorId,
        created_by: ed.id,
      })
      expect(await activity('removed')).toContainEqual({ user_email: 'owner@example.com', title: 'leaving@example.com (Editor)' })
      expect((await post({ intent: 'remove', id: ed.id, confirmed: 'yes' })).status).toBe(404)
    })

    it('revokes the open invitations of a removed owner: they no longer speak for anyone', async () => {
      const { user: inviter } = await makeAdmin('inviter@example.com', 'owner')
      const outcome = await inviteAdmin(db(), inviter, { email: 'orphan@example.com', role: 'author' })
      expect(outcome.ok).toBe(true)
      expect((await removeAdmin(db(), owner, inviter.id)).outcome).toBe('done')
      expect((await people()).data.invitations.find((i) => i.email === 'orphan@example.com')).toBeUndefined()
    })

    it('lets an owner remove themselves while another owner remains, signing them out', async () => {
      const { user: leaving, cookie } = await makeAdmin('self-removing@example.com', 'owner')
      const answer = await post({ intent: 'remove', id: leaving.id, confirmed: 'yes' }, { cookie })
      expect(answer.status).toBe(302)
      expect(answer.headers.get('Location')).toBe('/admin/login')
      expect(answer.headers.getSetCookie().some((c) => /^session=;/.test(c))).toBe(true)
      expect(await userNamed('self-removing@example.com')).toBeUndefined()
    })
  })

  it('is for owners only: an Editor and an Author get 403 from the screen and its actions, changing nothing', async () => {
    const { user: target } = await makeAdmin('target@example.com', 'author')
    for (const role of ['editor', 'author'] as const) {
      const { cookie } = await makeAdmin(`not-owner-${role}@example.com`, role)
      expect((await people(cookie)).status).toBe(403)
      for (const fields of <Record<string, string>[]>[
        { intent: 'invite', email: 'sneaky@example.com', role: 'owner' },
        { intent: 'change-role', id: target.id, role: 'owner' },
        { intent: 'remove', id: target.id, confirmed: 'yes' },
      ]) {
        expect((await post(fields, { cookie })).status).toBe(403)
      }
    }
    expect((await userNamed('target@example.com'))!.role).toBe('author')
    expect(await invitationsOf('sneaky@example.com')).toEqual([])
  })

  it('answers a change the database fails to save with 500 and a message on the screen, changing nothing', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {})
    const { user } = await makeAdmin('unlucky@example.com', 'editor')
    const broken = failingOn(db(), 'DeleteQueryNode', 'users')
    const answer = await post({ intent: 'remove', id: user.id, confirmed: 'yes' }, { on: broken })
    expect(answer.status).toBe(500)
    expect(answer.data.failure).toBe('That change could not be saved. Please try again.')
    expect(await userNamed('unlucky@example.com')).toBeDefined()
    // The transaction is undone whole: their session is still there.
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1)
    const invitedFailing = await post(
      { intent: 'invite', email: 'unlucky-invite@example.com', role: 'author' },
      { on: failingOn(db(), 'InsertQueryNode', 'invitations') },
    )
    expect(invitedFailing.status).toBe(500)
    expect(invitedFailing.data).toMatchObject({
      values: { email: 'unlucky-invite@example.com' },
      failure: 'Failed to create the invitation. Please try again.',
    })
    expect(await invitationsOf('unlucky-invite@example.com')).toEqual([])
  })

  it('refuses an unknown intent or a missing id', async () => {
    for (const fields of <Record<string, string>[]>[
      { intent: 'promote', id: owner.id },
      { intent: 'remove' },
      { intent: 'change-role', id: '', role: 'owner' },
      {},
    ]) {
      const answer = await post(fields)
      expect(answer.status).toBe(400)
      expect(answer.data.failure).toBe('That action is not available on the People screen.')
    }
  })
})
