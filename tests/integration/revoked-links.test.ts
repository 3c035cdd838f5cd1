import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { action as acceptAction, loader as acceptLoader } from '~/routes/admin/accept-invitation'
import { action as peopleAction } from '~/routes/admin/people'
import { action as resetAction, loader as resetLoader } from '~/routes/admin/reset-password'
import { action as settingsAction } from '~/routes/admin/settings'
import { changeOwnPassword, signIn } from '~/server/services/auth.server'
import { completePasswordReset, findResetLink, sendResetLink } from '~/server/services/password-reset.server'
import { acceptInvitation, changeRole, invitationToAccept, inviteAdmin, removeAdmin } from '~/server/services/people.server'
import { upsertAdmin, type User } from '~/server/services/users.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase, failingOn, racedBy } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { mailedToken, useSmtpServer } from '../support/smtp'

/*
 * Links that stand for someone's say-so stop working once that say-so is gone: a reset link once its
 * admin chose a new password, an invitation once the owner who sent it is removed or demoted.
 */

const { mails, url: smtpAddress } = useSmtpServer()

const PASSWORD = 'the-first-password'
const NEW_PASSWORD = 'the-password-from-settings'

describeEachDatabase('links revoked with the authority behind them', (getDb) => {
  const db = () => getDb().db
  let address = 0
  // Each request from its own address, clear of the sign-in limits.
  const ctx = (on = db()) => {
    const base = testContext(on, `203.0.113.${++address % 250}`)
    return { ...base, config: { ...base.config, smtpUrl: smtpAddress() } }
  }
  const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`

  /** An admin with the role, and a signed-in cookie of theirs. */
  async function makeAdmin(role: User['role'], email = unique(role)): Promise<{ user: User; cookie: string }> {
    await upsertAdmin(db(), email, PASSWORD)
    await db().updateTable('users').set({ role }).where('email', '=', email).execute()
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), { email, password: PASSWORD })
    if (!result.ok) throw new Error(`sign-in of ${email} failed`)
    return { user: result.user, cookie: result.setCookie.split(';')[0]! }
  }
  const signsInWith = async (email: string, password: string) =>
    (await signIn(new Request('http://localhost/admin/login'), ctx(), { email, password })).ok

  describe('a reset link, once its admin changed their password in Settings', () => {
    async function adminWithResetLink() {
      const admin = await makeAdmin('editor')
      expect(await sendResetLink(db(), ctx().config, admin.user.email)).toBe('sent')
      return { ...admin, token: await mailedToken(mails, admin.user.email, '/admin/reset-password/') }
    }
    const changeInSettings = (cookie: string, currentPassword = PASSWORD) =>
      callRoute(
        settingsAction,
        formRequest(
          '/admin/settings',
          { intent: 'password', currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          cookie,
        ),
        ctx(),
      )

    it('is refused with the expired-or-used page and sets no password', async () => {
      const { user, cookie, token } = await adminWithResetLink()
      expect(await findResetLink(db(), token)).toMatchObject({ email: user.email })

      expect(unwrap(await changeInSettings(cookie)).status).toBe(302)

      const page = unwrap(await callRoute(resetLoader, new Request(`http://localhost/admin/reset-password/${token}`), ctx(), { token }))
      expect([page.status, page.data]).toEqual([410, { email: null, minutes: 30 }])
      const reset = unwrap(
        await callRoute(
          resetAction,
          formRequest(`/admin/reset-password/${token}`, {
            newPassword: 'the-attackers-password',
            confirmPassword: 'the-attackers-password',
          }),
          ctx(),
          { token },
        ),
      )
      expect([reset.status, reset.data]).toEqual([410, { expired: true }])
      expect(
        await db().selectFrom('password_resets').select('id').where('user_id', '=', user.id).where('used_at', 'is', null).execute(),
      ).toEqual([])
      expect(await signsInWith(user.email, 'the-attackers-password')).toBe(false)
      expect(await signsInWith(user.email, NEW_PASSWORD)).toBe(true)
    })

    it('keeps working when the change is refused for a wrong current password', async () => {
      const { user, cookie, token } = await adminWithResetLink()
      expect(unwrap(await changeInSettings(cookie, 'not-the-password')).status).toBe(400)
      expect(await findResetLink(db(), token)).toMatchObject({ email: user.email })
    })

    it('is cancelled in the same transaction as the new password: when cancelling fails, the password stays', async () => {
      const { user, token } = await adminWithResetLink()
      const broken = ctx(failingOn(db(), 'DeleteQueryNode', 'password_resets'))
      await expect(
        changeOwnPassword(new Request('http://localhost/admin/settings'), broken, user, {
          currentPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
        }),
      ).rejects.toThrow('simulated failure')
      expect(await signsInWith(user.email, PASSWORD)).toBe(true)
      expect(await findResetLink(db(), token)).toMatchObject({ email: user.email })
      expect(await completePasswordReset(db(), token, 'reset-after-all')).toBe('reset')
    })
  })

  describe('an invitation, once its sender is no longer an owner', () => {
    const invite = async (by: User, role: User['role'], email = unique('invited')) => {
      const outcome = await inviteAdmin(db(), by, { email, role })
      if (!outcome.ok) throw new Error(`inviting ${email} was refused: ${outcome.reason}`)
      return { email, token: outcome.token }
    }
    const openPage = async (token: string) =>
      unwrap(await callRoute(acceptLoader, new Request(`http://localhost/admin/invitation/${token}`), ctx(), { token }))
    const join = async (token: string) =>
      unwrap(
        await callRoute(acceptAction, formRequest(`/admin/invitation/${token}`, { password: PASSWORD, confirmPassword: PASSWORD }), ctx(), {
          token,
        }),
      )
    const userNamed = (email: string) => db().selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst()
    const invitationsOf = (email: string) => db().selectFrom('invitations').select('id').where('email', '=', email).execute()

    it('is refused once another owner removed the owner who sent it, and makes no owner', async () => {
      const a = await makeAdmin('owner')
      const b = await makeAdmin('owner')
      const { email, token } = await invite(a.user, 'owner')
      expect((await openPage(token)).status).toBe(200)

      const removed = unwrap(
        await callRoute(peopleAction, formRequest('/admin/people', { intent: 'remove', id: a.user.id, confirmed: 'yes' }, b.cookie), ctx()),
      )
      expect(removed.status).toBe(302)

      expect(await openPage(token)).toMatchObject({ status: 404, data: { invitation: null, closed: 'unknown' } })
      expect(await join(token)).toMatchObject({ status: 404, data: { closed: 'unknown' } })
      expect(await userNamed(email)).toBeUndefined()
      expect(await invitationsOf(email)).toEqual([])
    })

    it('is revoked, whatever role it grants, when its owner is demoted; other owners’ invitations stay', async () => {
      const a = await makeAdmin('owner')
      const b = await makeAdmin('owner')
      const byA = [await invite(a.user, 'owner'), await invite(a.user, 'author')]
      const byB = await invite(b.user, 'editor')

      expect((await changeRole(db(), b.user, a.user.id, 'editor')).outcome).toBe('done')

      for (const { email, token } of byA) {
        expect(await invitationToAccept(db(), token)).toEqual({ ok: false, reason: 'unknown' })
        expect(await invitationsOf(email)).toEqual([])
      }
      const joined = await acceptInvitation(db(), byB.token, PASSWORD)
      expect(joined).toMatchObject({ ok: true, user: { email: byB.email, role: 'editor' } })
    })

    it('is refused at acceptance when it grants more than its sender’s role today, however that role changed', async () => {
      const a = await makeAdmin('owner')
      const asOwner = await invite(a.user, 'owner')
      const asEditor = await invite(a.user, 'editor')
      // Not through the People screen, so nothing revoked the invitations.
      await db().updateTable('users').set({ role: 'editor' }).where('id', '=', a.user.id).execute()

      expect(await openPage(asOwner.token)).toMatchObject({ status: 404, data: { closed: 'unknown' } })
      expect(await join(asOwner.token)).toMatchObject({ status: 404, data: { closed: 'unknown' } })
      expect(await userNamed(asOwner.email)).toBeUndefined()

      expect((await openPage(asEditor.token)).status).toBe(200)
      expect(await acceptInvitation(db(), asEditor.token, PASSWORD)).toMatchObject({ ok: true, user: { role: 'editor' } })
    })

    it('is refused when the sender loses the role between the page and the claim', async () => {
      const a = await makeAdmin('owner')
      const b = await makeAdmin('owner')
      const removedMeanwhile = await invite(a.user, 'owner')
      const raced = racedBy(db(), () => removeAdmin(db(), b.user, a.user.id))
      expect(await acceptInvitation(raced, removedMeanwhile.token, PASSWORD)).toEqual({ ok: false, reason: 'unknown' })
      expect(await userNamed(removedMeanwhile.email)).toBeUndefined()

      const c = await makeAdmin('owner')
      const demotedMeanwhile = await invite(c.user, 'owner')
      const demoted = racedBy(db(), () => db().updateTable('users').set({ role: 'author' }).where('id', '=', c.user.id).execute())
      expect(await acceptInvitation(demoted, demotedMeanwhile.token, PASSWORD)).toEqual({ ok: false, reason: 'unknown' })
      expect(await userNamed(demotedMeanwhile.email)).toBeUndefined()
      expect(await invitationsOf(demotedMeanwhile.email)).toEqual([])
    })

    it('still works when it names no sender (made before removals revoked invitations)', async () => {
      const a = await makeAdmin('owner')
      const { email, token } = await invite(a.user, 'owner')
      await db().updateTable('invitations').set({ invited_by: null }).where('email', '=', email).execute()
      expect(await acceptInvitation(db(), token, PASSWORD)).toMatchObject({ ok: true, user: { email, role: 'owner' } })
    })
  })
})
