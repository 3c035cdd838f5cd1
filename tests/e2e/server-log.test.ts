import { describe, expect, it } from 'vitest'
import { insertPasswordReset } from '~/server/repositories/password-resets.server'
import { hashToken, newToken } from '~/server/services/tokens.server'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

const site = useRunningSite()

describe('the server log', () => {
  it('writes no link token to the server log, in any spelling of the link', async () => {
    const token = newToken()
    await withServerDb(site.server, async (db) => {
      const { id } = await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()
      const now = new Date()
      await insertPasswordReset(db, {
        id: hashToken(token),
        userId: id,
        expiresAt: new Date(now.getTime() + 60_000).toISOString(),
        createdAt: now.toISOString(),
      })
    })
    const links = [
      `/admin/reset-password/${token}`,
      `/Admin/Reset-Password/${token}`,
      `/admin/reset-password/${token}/`,
      `/admin/reset-password/${token}.data`,
      `/%61dmin/invitation/${token}`,
      `/admin/invitation/${token}?from=mail`,
      `/resources/ai-playbook/download/${token}`,
    ]
    for (const link of links) expect((await fetch(`${site.server.url}${link}`, { redirect: 'manual' })).status, link).toBeLessThan(500)
    expect((await fetch(`${site.server.url}/admin/reset-password/${token}`)).status).toBe(200)
    await expect.poll(() => site.server.output().includes('/admin/reset-password/[token]')).toBe(true)
    expect(site.server.output()).not.toContain(token)
  })
})
