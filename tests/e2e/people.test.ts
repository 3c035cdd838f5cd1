import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { signInThroughForm, useRunningSite } from '../support/site'

// No SMTP_URL: the server sends no e-mail, so every invitation's link is shown to copy.
const site = useRunningSite()

async function newPage({ javaScript = true } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: javaScript })
  return context.newPage()
}

async function ownerPage({ javaScript = true } = {}) {
  const page = await newPage({ javaScript })
  await signInThroughForm(page, { javaScript })
  return page
}

/** Invites through the form and returns the link the screen shows. */
async function invite(page: Page, email: string, role: string, { javaScript = true } = {}) {
  await page.goto('/admin/people')
  if (javaScript) await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Role', { exact: true }).selectOption(role)
  await page.getByRole('button', { name: 'Send invitation', exact: true }).click()
  const shown = page.getByTestId('invitation-link')
  await shown.waitFor()
  expect(await shown.textContent()).toContain('works once, for 72 hours')
  return page.getByLabel(`Invitation link for ${email}`).inputValue()
}

const adminRow = (page: Page, email: string) => page.getByTestId('admin-row').filter({ hasText: email })

describe('people and invitations', () => {
  it('takes an invited Editor from the link to the back office, then changes their role and removes them, ending their session', async () => {
    const owner = await ownerPage()
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'People' }).click()
    await owner.waitForURL(/\/admin\/people$/)
    const link = await invite(owner, 'eddie@example.com', 'editor')
    expect(link).toMatch(/\/admin\/invitation\/[A-Za-z0-9_-]{43}$/)
    const invitation = owner.getByTestId('invitation-row').filter({ hasText: 'eddie@example.com' })
    expect(await invitation.textContent()).toContain('Editor')
    expect(await invitation.textContent()).toContain('owner@example.com')

    // Another browser, with no session, opens the link: the address is the server's own.
    const editor = await newPage()
    const response = await editor.goto(new URL(link).pathname)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['referrer-policy']).toBe('strict-origin')
    expect(response?.headers()['cache-control']).toBe('no-store')
    await waitForHydration(editor)
    expect(await editor.getByRole('heading', { level: 1 }).textContent()).toBe('Join Bayline AI as Editor')
    expect(await editor.getByLabel('Email').inputValue()).toBe('eddie@example.com')
    expect(await editor.getByLabel('Email').getAttribute('readonly')).not.toBeNull()
    await editor.getByLabel('Password', { exact: true }).fill('eddies-long-password')
    await editor.getByLabel('Confirm password').fill('not-the-same-password')
    await editor.getByRole('button', { name: 'Join Bayline AI' }).click()
    await expect.poll(() => editor.locator('#field-confirmPassword-error').textContent()).toBe("Passwords don't match")
    await editor.getByLabel('Confirm password').fill('eddies-long-password')
    await editor.getByRole('button', { name: 'Join Bayline AI' }).click()
    await editor.waitForURL(/\/admin$/)
    await expect.poll(() => toast(editor, 'Welcome to Bayline AI').count()).toBe(1)

    // An Editor has no People in the menu, and the address itself is refused.
    const menu = editor.getByRole('navigation', { name: 'Admin' })
    expect(await menu.getByRole('link', { name: 'Inbox' }).count()).toBe(1)
    expect(await menu.getByRole('link', { name: 'People' }).count()).toBe(0)
    const refused = await editor.goto('/admin/people')
    expect(refused?.status()).toBe(403)
    await editor.getByRole('heading', { name: 'Not available to you' }).waitFor()

    // The owner sees them joined; the link is spent.
    await owner.goto('/admin/people')
    await waitForHydration(owner)
    expect(await owner.getByTestId('invitation-row').filter({ hasText: 'eddie@example.com' }).count()).toBe(0)
    const row = adminRow(owner, 'eddie@example.com')
    expect(await row.getByLabel('Role of eddie@example.com').inputValue()).toBe('editor')
    expect(await row.textContent()).not.toContain('Never')
    expect((await (await newPage()).goto(new URL(link).pathname))?.status()).toBe(410)

    // Editor to Author: the next request of theirs has the new role.
    await row.getByLabel('Role of eddie@example.com').selectOption('author')
    await row.getByRole('button', { name: 'Save role of eddie@example.com' }).click()
    await expect.poll(() => toast(owner, 'eddie@example.com is now Author').count()).toBe(1)
    expect(await adminRow(owner, 'eddie@example.com').getByLabel('Role of eddie@example.com').inputValue()).toBe('author')
    expect((await editor.goto('/admin/testimonials'))?.status()).toBe(403)

    // Removed: asked first, then their very next page load goes to the login page.
    await adminRow(owner, 'eddie@example.com').getByRole('button', { name: 'Remove eddie@example.com' }).click()
    const dialog = owner.getByRole('alertdialog', { name: 'Remove eddie@example.com?' })
    expect(await dialog.textContent()).toContain('Their sessions end now')
    expect(await dialog.textContent()).toContain('The posts they wrote stay on the site')
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await expect.poll(() => toast(owner, 'eddie@example.com was removed').count()).toBe(1)
    expect(await adminRow(owner, 'eddie@example.com').count()).toBe(0)
    await editor.goto('/admin')
    expect(new URL(editor.url()).pathname).toBe('/admin/login')

    await owner.context().close()
    await editor.context().close()
  })

  it('works without JavaScript: invite, join, and a removal asked on the page', async () => {
    const owner = await ownerPage({ javaScript: false })
    // The only owner has no Remove, and their role cannot change.
    await owner.goto('/admin/people')
    expect(
      await adminRow(owner, 'owner@example.com')
        .getByRole('button', { name: /Remove/ })
        .count(),
    ).toBe(0)
    expect(await adminRow(owner, 'owner@example.com').textContent()).toContain('The only owner')

    await owner.getByLabel('Email', { exact: true }).fill('not an email')
    await owner.getByRole('button', { name: 'Send invitation', exact: true }).click()
    await owner.locator('#field-email-error').waitFor()
    expect(await owner.locator('#field-email-error').textContent()).toBe('Please enter a valid email address, like name@example.com')
    expect(await owner.getByLabel('Email', { exact: true }).getAttribute('aria-describedby')).toBe('field-email-error')

    const link = await invite(owner, 'nora@example.com', 'author', { javaScript: false })
    const joining = await newPage({ javaScript: false })
    await joining.goto(new URL(link).pathname)
    await joining.getByLabel('Password', { exact: true }).fill('noras-long-password')
    await joining.getByLabel('Confirm password').fill('noras-long-password')
    const posted = joining.waitForRequest((request) => request.method() === 'POST')
    await joining.getByRole('button', { name: 'Join Bayline AI' }).click()
    // The token stays out of the Referer, even on the page's own form post.
    expect(await (await posted).headerValue('referer')).toBe(`${site.server.url}/`)
    await joining.waitForURL(/\/admin$/)

    await owner.goto('/admin/people')
    await adminRow(owner, 'nora@example.com').getByRole('button', { name: 'Remove nora@example.com' }).click()
    const question = owner.getByRole('region', { name: 'Remove nora@example.com?' })
    expect(await question.textContent()).toContain('Their sessions end now')
    expect(await adminRow(owner, 'nora@example.com').count()).toBe(1)
    await question.getByRole('button', { name: 'Remove' }).click()
    await owner.waitForURL(/\/admin\/people$/)
    expect(await adminRow(owner, 'nora@example.com').count()).toBe(0)
    await joining.goto('/admin')
    expect(new URL(joining.url()).pathname).toBe('/admin/login')

    await owner.context().close()
    await joining.context().close()
  })

  it('has no WCAG AA violations on the People screen, with a link shown, and on the invitation page, on a desktop and a phone', async () => {
    const owner = await ownerPage()
    const link = await invite(owner, 'axe@example.com', 'editor')
    const visitor = await newPage()
    const found: Record<string, string[]> = {}
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await owner.setViewportSize(viewport)
      found[`/admin/people with a link at ${viewport.width}px`] = await accessibilityViolations(owner)
      await visitor.setViewportSize(viewport)
      const response = await visitor.goto(new URL(link).pathname)
      found[`the invitation page at ${viewport.width}px`] =
        response?.status() === 200 ? await accessibilityViolations(visitor) : [`status ${response?.status()}`]
      await visitor.goto('/admin/invitation/no-such-invitation')
      found[`an unknown invitation at ${viewport.width}px`] = await accessibilityViolations(visitor)
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])))
    await owner.context().close()
    await visitor.context().close()
  })
})
