import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createInquiry } from '~/server/repositories/inquiries.server'
import { waitForHydration } from '../support/browser'
import { testDialects } from '../support/databases'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

/*
 * A link to a lead from an e-mail, opened without a session: the login page, then the lead. Signing
 * in returns only to a page of this site's back office, whatever `redirectTo` a link carries.
 */

for (const dialect of testDialects) {
  describe(`signing in returns to the page that asked for it [${dialect}]`, () => {
    const site = useRunningSite({}, dialect)
    let lead = ''

    beforeAll(async () => {
      lead = await withServerDb(site.server, (db) =>
        createInquiry(db, {
          kind: 'contact',
          name: 'Rosa Lindqvist',
          email: 'rosa@example.com',
          business: 'Lindqvist Bakery',
          message: 'Can AI answer our phone?',
          ip: null,
        }),
      )
    })

    async function signIn(page: Page) {
      await waitForHydration(page)
      await page.getByLabel('Email').fill(ADMIN.email)
      await page.getByLabel('Password').fill(ADMIN.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
    }

    it('opens the lead an e-mail linked to once the admin has signed in', async () => {
      const page = await (await site.browser.newContext({ baseURL: site.server.url })).newPage()
      await page.goto(`/admin/inbox/${lead}`)
      expect(new URL(page.url()).pathname).toBe('/admin/login')
      expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/admin/inbox/${lead}`)
      await signIn(page)
      await page.waitForURL(`**/admin/inbox/${lead}`)
      await page.getByRole('heading', { name: 'Rosa Lindqvist' }).waitFor()
      await page.context().close()
    })

    it('does the same without JavaScript', async () => {
      const page = await (await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false })).newPage()
      await page.goto(`/admin/inbox/${lead}`)
      await page.getByLabel('Email').fill(ADMIN.email)
      await page.getByLabel('Password').fill(ADMIN.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL(`**/admin/inbox/${lead}`)
      await page.context().close()
    })

    for (const redirectTo of ['//evil.example', 'https://evil.example', '/\\evil.example', '/admin/../evil']) {
      it(`ignores redirectTo=${redirectTo} and lands on the post list`, async () => {
        const page = await (await site.browser.newContext({ baseURL: site.server.url })).newPage()
        await page.goto(`/admin/login?${new URLSearchParams({ redirectTo })}`)
        await signIn(page)
        await page.waitForURL('**/admin/blog')
        expect(new URL(page.url()).origin).toBe(site.server.url)
        await page.context().close()
      })
    }
  })
}
