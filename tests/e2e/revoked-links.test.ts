import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '~/lib/admin-access'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases'
import { postForm, signInOverHttp } from '../support/http'
import { startServer, withServerDb, type RunningServer } from '../support/server'
import { mailedToken, useSmtpServer } from '../support/smtp'

/*
 * Over HTTP against the real server: a reset link stops working once its admin changed their
 * password in Settings, and an invitation once the owner who sent it was removed.
 */

const smtp = useSmtpServer()
const PASSWORD = 'a-long-password'

for (const dialect of testDialects) {
  describe(`links revoked with the authority behind them [${dialect}]`, () => {
    let database: TestDatabase | undefined
    let server: RunningServer

    beforeAll(async () => {
      const env: Record<string, string> = { SMTP_URL: smtp.url() }
      if (dialect === 'postgres') {
        database = await createTestDatabase('postgres', { migrate: false })
        env.DATABASE_URL = database.target.kind === 'postgres' ? database.target.url : ''
      }
      server = await startServer(env)
    })
    afterAll(async () => {
      await server?.stop()
      await database?.cleanup()
    })

    /** An admin with the role, signed in over HTTP: their id and Cookie header. */
    async function admin(email: string, role: Role) {
      const id = await withServerDb(server, async (db) => {
        await upsertAdmin(db, email, PASSWORD)
        await db.updateTable('users').set({ role }).where('email', '=', email).execute()
        return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
      })
      return { id, cookie: await signInOverHttp(server.url, email, PASSWORD) }
    }
    const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' })
    const post = (path: string, fields: Record<string, string>, cookie = '') => postForm(server.url, path, fields, cookie)

    it('refuses a reset link sent before the admin changed their password in Settings', async () => {
      const email = `changer-${dialect}@example.com`
      const { cookie } = await admin(email, 'editor')
      expect((await post('/admin/forgot-password', { email })).status).toBe(200)
      const token = await mailedToken(smtp.mails, email, '/admin/reset-password/')
      expect((await get(`/admin/reset-password/${token}`)).status).toBe(200)

      const changed = await post(
        '/admin/settings',
        { intent: 'password', currentPassword: PASSWORD, newPassword: 'chosen-in-settings', confirmPassword: 'chosen-in-settings' },
        cookie,
      )
      expect([changed.status, changed.headers.get('Location')]).toEqual([302, '/admin/settings'])

      const page = await get(`/admin/reset-password/${token}`)
      expect(page.status).toBe(410)
      expect(await page.text()).toContain('This reset link has expired or was already used.')
      const reset = await post(`/admin/reset-password/${token}`, {
        newPassword: 'set-through-old-link',
        confirmPassword: 'set-through-old-link',
      })
      expect(reset.status).toBe(410)
      expect(await reset.text()).toContain('This reset link has expired or was already used.')
      await expect(signInOverHttp(server.url, email, 'set-through-old-link')).rejects.toThrow('sign-in failed')
      expect(await signInOverHttp(server.url, email, 'chosen-in-settings')).toMatch(/^session=/)
    })

    it('refuses an invitation to join as Owner once another owner removed the owner who sent it', async () => {
      const a = await admin(`owner-a-${dialect}@example.com`, 'owner')
      const b = await admin(`owner-b-${dialect}@example.com`, 'owner')
      const invited = `would-be-owner-${dialect}@example.com`
      expect((await post('/admin/people', { intent: 'invite', email: invited, role: 'owner' }, a.cookie)).status).toBe(200)
      const token = await mailedToken(smtp.mails, invited, '/admin/invitation/')
      expect((await get(`/admin/invitation/${token}`)).status).toBe(200)

      const removed = await post('/admin/people', { intent: 'remove', id: a.id, confirmed: 'yes' }, b.cookie)
      expect([removed.status, removed.headers.get('Location')]).toEqual([302, '/admin/people'])

      const page = await get(`/admin/invitation/${token}`)
      expect(page.status).toBe(404)
      expect(await page.text()).toContain('This invitation link does not work')
      const joined = await post(`/admin/invitation/${token}`, { password: PASSWORD, confirmPassword: PASSWORD })
      expect(joined.status).toBe(404)
      expect(joined.headers.getSetCookie().filter((c) => c.startsWith('session='))).toEqual([])
      await expect(signInOverHttp(server.url, invited, PASSWORD)).rejects.toThrow('sign-in failed')
    })
  })
}
