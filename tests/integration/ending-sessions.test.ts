import { describe, expect, it } from 'vitest'
import { scheduleMaintenance } from '~/server/host/maintenance.server'
import { findUserForSignIn, upsertAdmin } from '~/server/services/users.server'
import { freshAdmin, sessionOf } from '../support/admins'
import { describeEachDatabase } from '../support/databases'

describeEachDatabase('sessions that end', (getDb) => {
  const db = () => getDb().db

  describe('on a schedule', () => {
    it('prunes expired sessions and closed sign-in windows on a schedule, with nobody signing in', async () => {
      const email = await freshAdmin(db())
      const user = (await findUserForSignIn(db(), email))!
      const past = new Date(Date.now() - 60_000).toISOString()
      const future = new Date(Date.now() + 60_000).toISOString()
      await db()
        .insertInto('sessions')
        .values([
          { id: `expired-${user.id}`, user_id: user.id, expires_at: past, created_at: past },
          { id: `live-${user.id}`, user_id: user.id, expires_at: future, created_at: past },
        ])
        .execute()
      await db()
        .insertInto('sign_in_attempts')
        .values([
          { key: `email:closed${user.id}@example.com`, attempts: 5, window_ends_at: past },
          { key: `email:open${user.id}@example.com`, attempts: 2, window_ends_at: future },
        ])
        .execute()
      const stop = scheduleMaintenance(db(), { retentionMonths: 13, everyMs: 25 })
      try {
        await expect
          .poll(async () => (await db().selectFrom('sessions').select('id').where('id', '=', `expired-${user.id}`).execute()).length)
          .toBe(0)
        await expect
          .poll(
            async () =>
              (await db().selectFrom('sign_in_attempts').select('key').where('key', '=', `email:closed${user.id}@example.com`).execute())
                .length,
          )
          .toBe(0)
      } finally {
        stop()
      }
      expect(await db().selectFrom('sessions').select('id').where('id', '=', `live-${user.id}`).execute()).toHaveLength(1)
      expect(
        await db().selectFrom('sign_in_attempts').select('key').where('key', '=', `email:open${user.id}@example.com`).execute(),
      ).toHaveLength(1)
    })
  })

  describe('on a password reset from the command line', () => {
    it('ends every session of an admin whose password is reset from the command line, and no one else’s', async () => {
      const email = await freshAdmin(db())
      const other = await freshAdmin(db())
      await sessionOf(db(), email, '192.0.2.20')
      await sessionOf(db(), email, '192.0.2.21')
      await sessionOf(db(), other, '192.0.2.22')
      const sessionsOf = async (address: string) => {
        const user = (await findUserForSignIn(db(), address))!
        return (await db().selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).length
      }
      expect(await sessionsOf(email)).toBe(2)
      expect(await upsertAdmin(db(), email, 'a-new-password-after-a-leak')).toBe('updated')
      expect(await sessionsOf(email)).toBe(0)
      expect(await sessionsOf(other)).toBe(1)
    })
  })
})
