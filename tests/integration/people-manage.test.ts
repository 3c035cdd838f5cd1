import { createHash } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/log.server'
import type { Role } from '~/lib/admin-access'
import { newId, nowIso } from '~/lib/ids'
import { loader as activityLoader } from '~/routes/admin/activity'
import { loader as layoutLoader } from '~/routes/admin/layout'
import { action as peopleAction, loader as peopleLoader } from '~/routes/admin/people'
import { setTwoFactorRequired } from '~/server/repositories/settings.server'
import { signIn } from '~/server/services/auth.server'
import { completePasswordReset, findResetLink } from '~/server/services/password-reset.server'
import type { User } from '~/server/services/users.server'
import { formRequest, signedInAdmin, testContext, toastFrom } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { readableMail, useSmtpServer } from '../support/smtp'
import { giveTwoFactor } from '../support/two-factor'

/*
 * What an Owner does for another admin from People: a display name, a password reset (e-mailed, or a
 * link to pass on), turning two-factor sign-in off (asked first, ending their sessions) and resending
 * an invitation. Each is logged in the activity log.
 */

const { mails, url: smtpAddress } = useSmtpServer()
const PASSWORD = 'a-long-password'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

type Answer = {
  values: Record<string, string>
  errors: Record<string, string>
  failure: string | null
  resetSent: { id: string; email: string; emailed: boolean; link: string | null; sendFailed: boolean }
  confirmTwoFactorOff: { id: string; email: string; displayName: string | null }
  invited: { email: string; emailed: boolean; link: string | null }
}

describeEachDatabase('managing an admin from People', (getDb) => {
  const db = () => getDb().db
  let address = 0
  const ctx = (config: object = {}) => {
    const base = testContext(db(), `203.0.113.${++address % 250}`)
    return { ...base, config: { ...base.config, ...config } }
  }
  let owner: User
  let ownerCookie = ''

  const makeAdmin = (email: string, role: Role) => signedInAdmin(ctx(), email, PASSWORD, role)
  const post = async (fields: Record<string, string>, { cookie = ownerCookie, config = {} }: { cookie?: string; config?: object } = {}) =>
    unwrap<Answer>(await callRoute(peopleAction, formRequest('/admin/people', fields, cookie), ctx(config)))
  const people = async (search = '') =>
    unwrap<Awaited<ReturnType<typeof peopleLoader>>>(
      await callRoute(peopleLoader, new Request(`http://localhost/admin/people${search}`, { headers: { Cookie: ownerCookie } }), ctx()),
    ).data
  const stillSignedIn = async (cookie: string) =>
    unwrap(await callRoute(layoutLoader, new Request('http://localhost/admin', { headers: { Cookie: cookie } }), ctx())).status === 200
  const activity = (action: string) =>
    db()
      .selectFrom('activity')
      .select(['user_email', 'title'])
      .where('action', '=', action as never)
      .orderBy('at')
      .execute()
  const user = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()

  beforeAll(async () => {
    ;({ user: owner, cookie: ownerCookie } = await makeAdmin('owner@example.com', 'owner'))
  })
  beforeEach(() => {
    vi.restoreAllMocks()
  })

  describe('display names', () => {
    it('names an admin in People, the invitations they send and the activity log, and takes the name away when left empty', async () => {
      const { user: editor } = await makeAdmin('dana@example.com', 'editor')
      const named = await post({ intent: 'rename', id: editor.id, displayName: '  Dana Ruiz  ' })
      expect(named.status).toBe(302)
      expect(named.headers.get('Location')).toBe(`/admin/people?manage=${editor.id}`)
      expect(toastFrom(named.headers)).toEqual({ type: 'success', title: 'dana@example.com is shown as Dana Ruiz' })
      const listed = await people(`?manage=${editor.id}`)
      expect(listed.admins.find((admin) => admin.id === editor.id)).toMatchObject({ email: 'dana@example.com', displayName: 'Dana Ruiz' })
      expect(listed.managing).toBe(editor.id)
      expect(await activity('renamed')).toContainEqual({ user_email: 'owner@example.com', title: 'dana@example.com: Dana Ruiz' })

      // The owner names themselves too: the invitations list and the activity log use it.
      await post({ intent: 'rename', id: owner.id, displayName: 'Olga Owner' })
      await post({ intent: 'invite', email: 'named-sender@example.com', role: 'author' })
      expect((await people()).invitations.find((i) => i.email === 'named-sender@example.com')?.invitedBy).toBe('Olga Owner')
      const log = unwrap<{ rows: { userEmail: string | null; userName: string | null }[] }>(
        await callRoute(activityLoader, new Request('http://localhost/admin/activity', { headers: { Cookie: ownerCookie } }), ctx()),
      ).data
      expect(log.rows.find((row) => row.userEmail === 'owner@example.com')?.userName).toBe('Olga Owner')

      const cleared = await post({ intent: 'rename', id: editor.id, displayName: '' })
      expect(toastFrom(cleared.headers)?.title).toBe('dana@example.com is shown by e-mail alone')
      expect((await user('dana@example.com')).display_name).toBeNull()
      expect(await activity('renamed')).toContainEqual({ user_email: 'owner@example.com', title: 'dana@example.com: name taken away' })
    })

    it.each([
      ['81 characters', 'x'.repeat(81), 'A display name must be 80 characters or fewer'],
      ['a line break', 'Dana\nRuiz', 'A display name is one line of text: no line breaks, tabs or control characters'],
      ['a tab', 'Dana\tRuiz', 'A display name is one line of text: no line breaks, tabs or control characters'],
    ])('refuses %s with the message at the field, keeping what was typed, and stores nothing', async (_case, displayName, message) => {
      const { user: editor } = await makeAdmin(`refused-name-${address}@example.com`, 'editor')
      const answer = await post({ intent: 'rename', id: editor.id, displayName })
      expect(answer.status).toBe(400)
      expect(answer.data.errors).toEqual({ displayName: message })
      expect(answer.data.values).toMatchObject({ intent: 'rename', id: editor.id, displayName })
      expect((await user(editor.email)).display_name).toBeNull()
    })

    it('answers a removed admin with 404', async () => {
      expect((await post({ intent: 'rename', id: 'no-such-admin', displayName: 'Ghost' })).status).toBe(404)
    })
  })

  describe('a password reset sent by an Owner', () => {
    it('gives a link to pass on when the server sends no e-mail: stored hashed, the password kept until it is used, then every session of theirs ends', async () => {
      const { user: editor, cookie } = await makeAdmin('forgetful@example.com', 'editor')
      const before = (await user('forgetful@example.com')).password_hash
      const answer = await post({ intent: 'send-reset', id: editor.id })
      expect(answer.status).toBe(200)
      expect(answer.data.resetSent).toMatchObject({ id: editor.id, email: 'forgetful@example.com', emailed: false, sendFailed: false })
      const link = answer.data.resetSent.link!
      expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/reset-password\/[A-Za-z0-9_-]{43}$/)
      const token = link.split('/').pop()!
      const stored = await db().selectFrom('password_resets').selectAll().where('user_id', '=', editor.id).execute()
      expect(stored.map((row) => row.id)).toEqual([sha256(token)])
      expect(await findResetLink(db(), token)).toEqual({ id: editor.id, email: 'forgetful@example.com' })
      expect((await user('forgetful@example.com')).password_hash).toBe(before)
      expect(await stillSignedIn(cookie)).toBe(true)
      expect(await activity('reset-sent')).toContainEqual({
        user_email: 'owner@example.com',
        title: 'forgetful@example.com, as a link to pass on',
      })

      expect(await completePasswordReset(db(), token, 'chosen-by-them-now')).toBe('reset')
      expect(await stillSignedIn(cookie)).toBe(false)
      expect(await completePasswordReset(db(), token, 'a-second-time-around')).toBe('expired')
    })

    it('e-mails the link when the server has a mail server and shows none; shows it when sending fails', async () => {
      const { user: author } = await makeAdmin('mailed-reset@example.com', 'author')
      const sent = await post({ intent: 'send-reset', id: author.id }, { config: { smtpUrl: smtpAddress() } })
      expect(sent.data.resetSent).toMatchObject({ emailed: true, link: null, sendFailed: false })
      const mail = readableMail(mails.filter((raw) => raw.includes('To: mailed-reset@example.com')).at(-1)!)
      expect(mail).toContain('Subject: Reset your Bayline AI admin password')
      const token = /\/admin\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail)![1]!
      expect(await findResetLink(db(), token)).toMatchObject({ id: author.id })
      expect(await activity('reset-sent')).toContainEqual({ user_email: 'owner@example.com', title: 'mailed-reset@example.com, by e-mail' })

      vi.spyOn(logger, 'error').mockImplementation(() => {})
      const failed = await post({ intent: 'send-reset', id: author.id }, { config: { smtpUrl: 'smtp://127.0.0.1:9' } })
      expect(failed.data.resetSent).toMatchObject({ emailed: false, sendFailed: true })
      expect(await findResetLink(db(), failed.data.resetSent.link!.split('/').pop()!)).toMatchObject({ id: author.id })
    })

    it('is not for the Owner’s own account, nor for a removed admin, and not for Editors at all', async () => {
      const own = await post({ intent: 'send-reset', id: owner.id })
      expect(own.status).toBe(400)
      expect(own.data.failure).toBe(
        'Change your own password and two-factor sign-in on your Account tab in Settings, with your current password.',
      )
      expect((await post({ intent: 'send-reset', id: 'no-such-admin' })).status).toBe(404)
      const { user: target } = await makeAdmin('target@example.com', 'author')
      const { cookie: editorCookie } = await makeAdmin('not-an-owner@example.com', 'editor')
      expect((await post({ intent: 'send-reset', id: target.id }, { cookie: editorCookie })).status).toBe(403)
      expect(await db().selectFrom('password_resets').select('id').where('user_id', '=', target.id).execute()).toEqual([])
    })
  })

  describe('turning another admin’s two-factor sign-in off', () => {
    async function withTwoFactor(email: string) {
      const admin = await makeAdmin(email, 'editor')
      await giveTwoFactor(db(), email)
      await db()
        .insertInto('recovery_codes')
        .values({ id: newId(), user_id: admin.user.id, code_hash: sha256(`${email}-code`), used_at: null, created_at: nowIso() })
        .execute()
      return admin
    }

    it('asks first; confirmed, deletes the secret and recovery codes, ends every session of theirs (not the Owner’s) and logs it', async () => {
      const { user: editor, cookie } = await withTwoFactor('lost-phone@example.com')
      const asked = await post({ intent: 'turn-off-two-factor', id: editor.id })
      expect(asked.status).toBe(200)
      expect(asked.data.confirmTwoFactorOff).toEqual({ id: editor.id, email: 'lost-phone@example.com', displayName: null })
      expect((await user('lost-phone@example.com')).totp_secret).not.toBeNull()
      expect(await stillSignedIn(cookie)).toBe(true)

      const done = await post({ intent: 'turn-off-two-factor', id: editor.id, confirmed: 'yes' })
      expect(done.status).toBe(302)
      expect(done.headers.get('Location')).toBe(`/admin/people?manage=${editor.id}`)
      expect(toastFrom(done.headers)).toEqual({
        type: 'success',
        title: 'Two-factor sign-in turned off for lost-phone@example.com',
        description: 'Their sessions have ended.',
      })
      const after = await user('lost-phone@example.com')
      expect([after.totp_secret, after.totp_pending_secret, after.totp_last_step]).toEqual([null, null, null])
      expect(await db().selectFrom('recovery_codes').select('id').where('user_id', '=', editor.id).execute()).toEqual([])
      expect(await stillSignedIn(cookie)).toBe(false)
      expect(await stillSignedIn(ownerCookie)).toBe(true)
      expect(await activity('two-factor-removed')).toContainEqual({ user_email: 'owner@example.com', title: 'lost-phone@example.com' })
      // Their password alone signs them in now.
      expect(
        (await signIn(new Request('http://localhost/admin/login'), ctx(), { email: 'lost-phone@example.com', password: PASSWORD })).ok,
      ).toBe(true)

      const again = await post({ intent: 'turn-off-two-factor', id: editor.id, confirmed: 'yes' })
      expect(toastFrom(again.headers)?.title).toBe('Two-factor sign-in was already off for lost-phone@example.com')
    })

    it('works while two-factor is required of everyone: it is the way back in', async () => {
      const { user: editor } = await withTwoFactor('required-lost@example.com')
      // The Owner has it on: with it required, an Owner without it is sent to set it up first.
      await giveTwoFactor(db(), 'owner@example.com')
      await setTwoFactorRequired(db(), true, null)
      try {
        const done = await post({ intent: 'turn-off-two-factor', id: editor.id, confirmed: 'yes' })
        expect(done.headers.get('Location')).toBe(`/admin/people?manage=${editor.id}`)
        expect((await user('required-lost@example.com')).totp_secret).toBeNull()
      } finally {
        await setTwoFactorRequired(db(), false, null)
        await db().updateTable('users').set({ totp_secret: null }).where('id', '=', owner.id).execute()
      }
    })

    it('refuses the Owner’s own (their Account tab asks for the password), a removed admin and an Editor', async () => {
      await giveTwoFactor(db(), 'owner@example.com')
      try {
        for (const fields of [{}, { confirmed: 'yes' }] as Record<string, string>[]) {
          const own = await post({ intent: 'turn-off-two-factor', id: owner.id, ...fields })
          expect(own.status).toBe(400)
          expect(own.data.failure).toBe(
            'Change your own password and two-factor sign-in on your Account tab in Settings, with your current password.',
          )
        }
        expect((await user('owner@example.com')).totp_secret).not.toBeNull()
      } finally {
        await db().updateTable('users').set({ totp_secret: null }).where('id', '=', owner.id).execute()
      }
      expect((await post({ intent: 'turn-off-two-factor', id: 'no-such-admin', confirmed: 'yes' })).status).toBe(404)
      const { user: target } = await withTwoFactor('kept-factor@example.com')
      const { cookie: editorCookie } = await makeAdmin('plain-editor@example.com', 'editor')
      expect((await post({ intent: 'turn-off-two-factor', id: target.id, confirmed: 'yes' }, { cookie: editorCookie })).status).toBe(403)
      expect((await user('kept-factor@example.com')).totp_secret).not.toBeNull()
    })
  })

  describe('resending an invitation', () => {
    it('e-mails a new link, the old one stops working, and the log says it was resent', async () => {
      const first = await post({ intent: 'invite', email: 'resend@example.com', role: 'editor' })
      const oldToken = first.data.invited.link!.split('/').pop()!
      const [open] = await db().selectFrom('invitations').select('id').where('email', '=', 'resend@example.com').execute()
      const resent = await post({ intent: 'renew', id: open!.id }, { config: { smtpUrl: smtpAddress() } })
      expect(resent.data.invited).toMatchObject({ email: 'resend@example.com', emailed: true, link: null })
      const mail = readableMail(mails.filter((raw) => raw.includes('To: resend@example.com')).at(-1)!)
      const newToken = /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail)![1]!
      const stored = await db().selectFrom('invitations').select('token_hash').where('email', '=', 'resend@example.com').execute()
      expect(stored.map((row) => row.token_hash)).toEqual([sha256(newToken)])
      expect(stored.map((row) => row.token_hash)).not.toContain(sha256(oldToken))
      expect(await activity('invitation-resent')).toContainEqual({ user_email: 'owner@example.com', title: 'resend@example.com as Editor' })
    })
  })
})
