import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { compareRevisions, toast, waitForHydration } from '../support/browser'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

async function saveTitle(page: Page, title: string, content: string) {
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Content').fill(content)
  await page.getByRole('button', { name: 'Save Post' }).click()
  await page.waitForURL('**/admin/blog')
}

it('keeps every edit of a post, compares two, and restores the oldest, which the public page then shows', async () => {
  const page = await site.browser.newPage({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  await signInThroughForm(page)
  await page.goto('/admin/blog/new')
  await waitForHydration(page)
  await page.getByLabel('Slug').fill('three-drafts-of-one-post')
  await page.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
  await page.getByLabel('Publish now').check()
  await saveTitle(page, 'The first title we tried', 'Calls come in at lunch.')
  await expect.poll(() => toast(page, 'Post created successfully').count()).toBe(1)

  for (const [title, content] of [
    ['A second try at the title', 'Calls come in at lunch and after five.'],
    ['The title we settled on', 'Calls come in at lunch, after five and on Saturdays.'],
  ]) {
    await page
      .getByTestId('post-row')
      .filter({ hasText: /first title we tried|second try/ })
      .getByRole('link', { name: /^Edit / })
      .click()
    await waitForHydration(page)
    await saveTitle(page, title!, content!)
  }

  await page
    .getByTestId('post-row')
    .filter({ hasText: 'The title we settled on' })
    .getByRole('link', { name: /^Edit / })
    .click()
  await waitForHydration(page)
  await page.getByRole('link', { name: 'History' }).click()
  await page.getByRole('heading', { level: 1, name: 'History' }).waitFor()
  const revisions = page.getByTestId('revision')
  expect(await revisions.count()).toBe(3)
  expect(await revisions.first().textContent()).toContain('owner@example.com')
  expect(await revisions.last().textContent()).toContain('Created')

  // The newest against the one before it, at first; then the oldest against the newest.
  const comparison = page.getByTestId('comparison')
  expect((await comparison.locator('del').allTextContents()).join(' ')).toContain('second')
  expect((await comparison.locator('ins').allTextContents()).join(' ')).toContain('settled')
  await compareRevisions(page, revisions.last(), revisions.first())
  await expect.poll(async () => (await comparison.locator('del').allTextContents()).join(' ')).toContain('first')
  expect((await comparison.locator('ins').allTextContents()).join(' ')).toContain('Saturdays')
  // Checked once the last save's toast has gone: axe measures a toast mid-fade.
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0)
  expect(await accessibilityViolations(page)).toEqual([])
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await accessibilityViolations(page)).toEqual([])
  await page.setViewportSize({ width: 1280, height: 900 })

  // Restoring asks first, saying what changes and what stays.
  await revisions
    .last()
    .getByRole('button', { name: /^Restore the revision of / })
    .click()
  const ask = page.getByRole('alertdialog', { name: /^Restore the revision of / })
  expect(await ask.textContent()).toContain('Title and Content go back to this revision’s.')
  expect(await ask.textContent()).toContain('The post stays published, dated ')
  await ask.getByRole('button', { name: 'Restore' }).click()
  await expect.poll(() => toast(page, 'Restored the revision of').count()).toBe(1)
  await expect.poll(() => revisions.count()).toBe(4)
  expect(await revisions.first().textContent()).toContain('Restored')

  const visitor = await site.browser.newPage({ baseURL: site.server.url })
  await visitor.goto('/resources/blog/three-drafts-of-one-post')
  expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('The first title we tried')
  expect(await visitor.getByText('Calls come in at lunch.').count()).toBe(1)
  await visitor.close()
  await page.close()
})

it('brings back a deleted case study from its history, on the public site too', async () => {
  const page = await site.browser.newPage({ baseURL: site.server.url, viewport: { width: 390, height: 844 } })
  await signInThroughForm(page)
  await page.goto('/admin/case-studies')
  await waitForHydration(page)
  const title = 'A personal trainer keeps clients coming back'
  await page.getByRole('button', { name: `Delete ${title}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect.poll(() => toast(page, 'Case study deleted successfully').count()).toBe(1)
  expect((await page.request.get('/case-studies/personal-trainer')).status()).toBe(404)

  // The deleted study waits in the Trash, whose item links to its history.
  await page.reload()
  await page.getByRole('link', { name: /^Trash \(\d+\)$/ }).click()
  await page
    .getByTestId('trash-row')
    .filter({ hasText: title })
    .getByRole('link', { name: `History of ${title}` })
    .click()
  await page.getByRole('heading', { level: 1, name: 'History' }).waitFor()
  const revisions = page.getByTestId('revision')
  expect(await revisions.first().textContent()).toContain('Deleted')
  await revisions
    .first()
    .getByRole('button', { name: /^Restore the revision of / })
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click()
  await expect.poll(() => toast(page, 'Restored the revision of').count()).toBe(1)
  expect(await page.getByRole('link', { name: 'Back to Edit Case Study' }).count()).toBe(1)

  // The activity log names who did each of these, and links to the revision.
  await page.goto('/admin/activity')
  const lines = page.getByTestId('activity')
  const line = (what: string, title: string) => lines.filter({ hasText: what }).filter({ hasText: title })
  for (const [what, about] of [
    ['Restored', title],
    ['Deleted', title],
    ['Restored', 'The first title we tried'],
    ['Created', 'The first title we tried'],
  ]) {
    expect(await line(what!, about!).first().textContent(), `${what} ${about}`).toContain('owner@example.com')
  }
  expect(await lines.filter({ hasText: 'Signed in' }).count()).toBeGreaterThan(0)
  await line('Deleted', title).first().getByRole('link', { name: title }).click()
  await page.getByRole('heading', { level: 1, name: 'History' }).waitFor()

  const visitor = await site.browser.newPage({ baseURL: site.server.url })
  await visitor.goto('/case-studies/personal-trainer')
  expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(title)
  expect(await visitor.locator('article header img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await visitor.close()
  await page.close()
})

it('saves a draft while typing, offers it back after the tab is closed, and forgets it once the post is saved', async () => {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInThroughForm(page)
  await page.goto('/admin/blog/new')
  await waitForHydration(page)
  await page.getByLabel('Title', { exact: true }).fill('A draft that survives a closed tab')
  await page.getByLabel('Content').fill('Typed, never saved, and still here.')
  await expect.poll(() => page.getByTestId('autosave-status').textContent(), { timeout: 10_000 }).toMatch(/^Saved a draft at \d{1,2}:\d{2}/)
  await page.close()

  // A fresh browser on another machine gets the server's copy.
  const elsewhere = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  const again = await elsewhere.newPage()
  await signInThroughForm(again)
  await again.goto('/admin/blog/new')
  await waitForHydration(again)
  const offer = again.getByTestId('draft-offer')
  await offer.waitFor()
  expect(await offer.textContent()).not.toContain('kept in this browser')
  await offer.getByRole('button', { name: 'Restore them' }).click()
  // Restoring reads the draft's chosen file from IndexedDB first, so the fields fill a moment later.
  await expect.poll(() => again.getByLabel('Title', { exact: true }).inputValue()).toBe('A draft that survives a closed tab')
  expect(await again.locator('textarea[name="content"]').inputValue()).toBe('Typed, never saved, and still here.')
  await again.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
  await again.getByRole('button', { name: 'Save Post' }).click()
  await again.waitForURL('**/admin/blog')
  await again.goto('/admin/blog/new')
  await waitForHydration(again)
  await again.waitForTimeout(300)
  expect(await again.getByTestId('draft-offer').count()).toBe(0)
  await context.close()
  await elsewhere.close()
})

it('keeps typing in the browser while the connection is cut, and offers it back from there', async () => {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await signInThroughForm(page)
  await page.goto('/admin/case-studies/edit/hvac-assistant')
  await waitForHydration(page)
  await context.setOffline(true)
  await page.getByLabel('Brief description').fill('Written on a train with no signal.')
  await expect.poll(() => page.getByTestId('autosave-status').textContent(), { timeout: 10_000 }).toContain('kept in this browser')
  await page.close()

  await context.setOffline(false)
  const again = await context.newPage()
  await again.goto('/admin/case-studies/edit/hvac-assistant')
  await waitForHydration(again)
  const offer = again.getByTestId('draft-offer')
  await offer.waitFor()
  expect(await offer.textContent()).toContain('kept in this browser')
  expect(await accessibilityViolations(again)).toEqual([])
  await offer.getByRole('button', { name: 'Restore them' }).click()
  await expect.poll(() => again.getByLabel('Brief description').inputValue()).toBe('Written on a train with no signal.')
  await offer.waitFor({ state: 'detached' })
  await context.close()
})
