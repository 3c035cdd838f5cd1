import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser, waitForHydration } from './browser'
import { LEAST_FORM_MS } from '~/server/services/form-ticket.server'
import { createAdmin, startServer, type RunningServer } from './server'
import { createTestDatabase, type TestDatabase } from './databases'
import type { Dialect } from '~/server/db/dialect.server'

export const ADMIN = { email: 'owner@example.com', password: 'a-long-password' }

/**
 * For one test file: a production server on a fresh database with one admin, and a browser;
 * both stop when the file's tests are done. Read `site.server` / `site.browser` inside tests.
 * `env` may be a function, called once the hooks registered before this one have run (for the
 * address of a mail server the file starts). On `postgres` the server gets a fresh database of
 * its own, dropped afterwards.
 */
export function useRunningSite(env: Record<string, string> | (() => Record<string, string>) = {}, dialect: Dialect = 'sqlite') {
  const site = {} as { server: RunningServer; browser: Browser }
  let database: TestDatabase | undefined
  beforeAll(async () => {
    const serverEnv = typeof env === 'function' ? env() : { ...env }
    if (dialect === 'postgres') {
      database = await createTestDatabase('postgres', { migrate: false })
      if (database.target.kind === 'postgres') serverEnv.DATABASE_URL = database.target.url
    }
    site.server = await startServer(serverEnv)
    await createAdmin(site.server, ADMIN.email, ADMIN.password)
    site.browser = await launchBrowser()
  })
  afterAll(async () => {
    await site.browser?.close()
    await site.server?.stop()
    await database?.cleanup()
  })
  return site
}

/** Signs the page in through the sign-in form, as a person would; it lands on the post list. */
export async function signInThroughForm(page: Page, { javaScript = true, email = ADMIN.email, password = ADMIN.password } = {}) {
  await page.goto('/admin/login')
  if (javaScript) await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/blog')
}

/**
 * Waits as long as a person takes over a lead form at the least, so the time trap takes what the
 * test sends next as a lead (form-ticket.server.ts): a test fills a form faster than anyone can.
 */
export const pauseLikeAPerson = (page: Page) => page.waitForTimeout(LEAST_FORM_MS + 200)
