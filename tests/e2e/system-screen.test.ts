import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE, formatDateTime } from '~/lib/dates'
import { recordBackup } from '~/server/repositories/app-meta.server'
import { recordInstance } from '~/server/repositories/instances.server'
import { addServerErrors } from '~/server/repositories/server-errors.server'
import { upsertAdmin } from '~/server/services/users.server'
import { accessibilityViolations } from '../support/axe'
import { waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite({ INSTANCE_NAME: 'instance-e2e' })
const PASSWORD = 'a-long-password'

async function signedIn(email: string, password: string) {
  const context = await site.browser.newContext({ baseURL: site.server.url })
  const page = await context.newPage()
  await signInThroughForm(page, { email, password })
  return page
}

describe('the System screen', () => {
  it('shows an Owner this instance running, the database, notifications waiting, and nothing recorded yet', async () => {
    const page = await signedIn(ADMIN.email, ADMIN.password)
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'System' }).click()
    await page.waitForURL(/\/admin\/system$/)
    // The address changes as the navigation starts; the page itself comes a moment later.
    await page.getByRole('heading', { level: 1, name: 'System', exact: true }).waitFor()

    const build = readFileSync(join(process.env.BUILD_DIR ?? 'build', 'source-hash'), 'utf8').slice(0, 12)
    expect(await page.getByTestId('system-version').textContent()).toContain(`Build ${build}`)
    expect(await page.getByTestId('system-database').textContent()).toMatch(/SQLite 3\.\d+\.\d+/)
    const row = page.getByTestId('instance-row')
    expect(await row.count()).toBe(1)
    const text = await row.textContent()
    expect(text).toContain('instance-e2e')
    expect(text).toContain('Running')
    expect(text).toContain(build)
    expect(await page.getByTestId('outbox-backlog').textContent()).toContain('Oldest waitingNone')
    expect(await page.getByTestId('last-backup').textContent()).toContain('No backup recorded.')
    expect(await page.getByText('No errors recorded.').count()).toBe(1)
    // Loaded afresh, without the sign-in's toast fading out over the page.
    await page.goto('/admin/system')
    await waitForHydration(page)
    expect(await accessibilityViolations(page)).toEqual([])
  })

  it('lists an instance not seen lately greyed, the last backup, and the latest errors in the site’s time zone', async () => {
    const errorAt = '2026-11-28T15:04:05.000Z'
    await withServerDb(site.server, async (db) => {
      const lastSeen = new Date(Date.now() - 10 * 60_000).toISOString()
      await recordInstance(db, {
        name: 'instance-crashed',
        host: 'box-2',
        pid: 4242,
        version: 'old1',
        startedAt: lastSeen,
        lastSeenAt: lastSeen,
      })
      await recordBackup(db, { at: new Date().toISOString(), path: '/srv/site/backups/site-20261128T031500Z.db', bytes: 3 * 1024 * 1024 })
      await addServerErrors(
        db,
        [
          {
            occurredAt: errorAt,
            instance: 'instance-e2e',
            message: 'Rendering /pricing failed: boom',
            path: '/pricing',
            requestId: 'req-42',
          },
          { occurredAt: '2026-11-28T15:00:00.000Z', instance: 'instance-crashed', message: 'Older error', path: null, requestId: null },
        ],
        200,
      )
    })
    const page = await signedIn(ADMIN.email, ADMIN.password)
    await page.goto('/admin/system')

    const crashed = page.getByTestId('instance-row').filter({ hasText: 'instance-crashed' })
    expect(await crashed.textContent()).toContain('Not seen lately')
    expect(await crashed.getAttribute('class')).toContain('opacity-60')
    // One build among the instances alive: the crashed one's does not count.
    expect(await page.getByTestId('system-version').textContent()).not.toContain('Mixed')

    const backup = await page.getByTestId('last-backup').textContent()
    expect(backup).toContain('/srv/site/backups/site-20261128T031500Z.db (3.0 MB)')
    expect(backup).not.toContain('Over a week old')

    const errors = page.getByTestId('error-row')
    expect(await errors.count()).toBe(2)
    const newest = await errors.first().textContent()
    // A fresh site's time zone (Chicago), not the server's UTC.
    expect(newest).toContain(formatDateTime(errorAt, DEFAULT_TIME_ZONE, { seconds: true }))
    for (const shown of ['instance-e2e', '/pricing', 'req-42', 'Rendering /pricing failed: boom']) expect(newest).toContain(shown)
    expect(await errors.nth(1).textContent()).toContain('Older error')
  })

  it('refuses Editors and Authors, and leaves it out of their menu', async () => {
    await withServerDb(site.server, async (db) => {
      for (const role of ['editor', 'author'] as const) {
        await upsertAdmin(db, `${role}@example.com`, PASSWORD)
        await db.updateTable('users').set({ role }).where('email', '=', `${role}@example.com`).execute()
      }
    })
    for (const role of ['editor', 'author'] as const) {
      const page = await signedIn(`${role}@example.com`, PASSWORD)
      expect(await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'System' }).count()).toBe(0)
      const refused = await page.goto('/admin/system')
      expect(refused?.status()).toBe(403)
      await page.getByRole('heading', { name: 'Not available to you' }).waitFor()
      expect(await page.getByTestId('instance-row').count()).toBe(0)
    }
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('the System screen on PostgreSQL', () => {
  const pgSite = useRunningSite({ INSTANCE_NAME: 'instance-pg' }, 'postgres')

  it('names PostgreSQL, never its address, and says backups are made with pg_dump', async () => {
    const context = await pgSite.browser.newContext({ baseURL: pgSite.server.url })
    const page = await context.newPage()
    await signInThroughForm(page)
    await page.goto('/admin/system')
    const database = await page.getByTestId('system-database').textContent()
    expect(database).toMatch(/^DatabasePostgreSQL \d+/)
    expect(database).not.toContain('postgres://')
    expect(await page.getByTestId('instance-row').filter({ hasText: 'instance-pg' }).count()).toBe(1)
    const backup = await page.getByTestId('last-backup').textContent()
    expect(backup).toContain('No backup recorded.')
    expect(backup).toContain('On PostgreSQL the site is backed up with pg_dump')
  })
})
