import { expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

it('deletes a post, undoes it from the toast, deletes it again and restores it from the Trash at its old address', async () => {
  const page = await site.browser.newPage({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  await signInThroughForm(page)
  await page.goto('/admin/blog/new')
  await waitForHydration(page)
  await page.getByLabel('Title', { exact: true }).fill('A post that comes back')
  await page.getByLabel('Slug').fill('a-post-that-comes-back')
  await page.getByLabel('Content').fill('Still here.')
  await page.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
  await page.getByLabel('Publish now').check()
  await page.getByRole('button', { name: 'Save Post' }).click()
  await page.waitForURL('**/admin/blog')
  await waitForHydration(page)

  const row = page.getByTestId('post-row').filter({ hasText: 'A post that comes back' })
  const remove = async () => {
    await row.getByRole('button', { name: 'Delete A post that comes back' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => toast(page, 'Post deleted successfully').count()).toBe(1)
    await expect.poll(() => row.count()).toBe(0)
  }
  await remove()
  expect((await page.request.get('/resources/blog/a-post-that-comes-back')).status()).toBe(404)
  await toast(page, 'Post deleted successfully').getByRole('button', { name: 'Undo' }).click()
  await expect.poll(() => toast(page, 'Post restored').count()).toBe(1)
  await expect.poll(() => row.count()).toBe(1)

  await remove()
  await page.getByRole('link', { name: /^Trash \(\d+\)$/ }).click()
  await page.getByRole('heading', { level: 1, name: 'Trash' }).waitFor()
  await waitForHydration(page)
  const item = page.getByTestId('trash-row').filter({ hasText: 'A post that comes back' })
  expect(await item.textContent()).toContain('/resources/blog/a-post-that-comes-back')
  expect(await item.textContent()).toContain('30 days left')
  await item.getByRole('button', { name: 'Restore A post that comes back' }).click()
  await expect.poll(() => toast(page, 'A post that comes back restored').count()).toBe(1)
  await expect.poll(() => item.count()).toBe(0)

  const response = await page.goto('/resources/blog/a-post-that-comes-back')
  expect(response!.status()).toBe(200)
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('A post that comes back')
  await page.close()
})

it('asks before emptying the Trash, naming how many items go for good', async () => {
  const page = await site.browser.newPage({ baseURL: site.server.url, viewport: { width: 390, height: 844 } })
  await signInThroughForm(page)
  await page.goto('/admin/testimonials')
  await waitForHydration(page)
  const rows = page.getByTestId('testimonial-row')
  const before = await rows.count()
  expect(before).toBeGreaterThan(0)
  await rows
    .first()
    .getByRole('button', { name: /^Delete / })
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect.poll(() => toast(page, 'Testimonial deleted successfully').count()).toBe(1)

  await page.goto('/admin/trash')
  await waitForHydration(page)
  const count = await page.getByTestId('trash-row').count()
  await page.getByRole('button', { name: 'Empty Trash' }).click()
  const dialog = page.getByRole('alertdialog')
  expect(await dialog.textContent()).toContain(count === 1 ? 'The 1 item in the Trash' : `All ${count} items in the Trash`)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  expect(await page.getByTestId('trash-row').count()).toBe(count)

  await page.getByRole('button', { name: 'Empty Trash' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Empty Trash' }).click()
  await page.getByText('The Trash is empty').waitFor()
  await page.close()
})
