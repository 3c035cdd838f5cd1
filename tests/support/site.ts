import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './browser'
import { createAdmin, startServer, type RunningServer } from './server'

export const ADMIN = { email: 'owner@example.com', password: 'a-long-password' }

/**
 * For one test file: a production server on a fresh database with one admin, and a browser;
 * both stop when the file's tests are done. Read `site.server` / `site.browser` inside tests.
 */
export function useRunningSite(env: Record<string, string> = {}) {
  const site = {} as { server: RunningServer; browser: Browser }
  beforeAll(async () => {
    site.server = await startServer(env)
    await createAdmin(site.server, ADMIN.email, ADMIN.password)
    site.browser = await launchBrowser()
  })
  afterAll(async () => {
    await site.browser?.close()
    await site.server?.stop()
  })
  return site
}
