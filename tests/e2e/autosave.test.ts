import sharp from 'sharp'
import { expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

it('restores a new post’s draft with its tags and its chosen image, which the save then stores', async () => {
  const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signInThroughForm(page)
  await page.goto('/admin/blog/new')
  await waitForHydration(page)
  await page.getByLabel('Title', { exact: true }).fill('A draft with tags and a cover')
  await page.getByLabel('Content').fill('Written before the laptop went flat.')
  for (const tag of ['Phones', 'Front desk']) {
    await page.getByLabel('Tags', { exact: true }).fill(tag)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
  }
  await page.locator('input[type="file"][name="featuredImage"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover })
  await expect.poll(() => page.getByTestId('autosave-status').textContent(), { timeout: 10_000 }).toMatch(/^Saved a draft at/)
  await page.close()

  const again = await context.newPage()
  await again.goto('/admin/blog/new')
  await waitForHydration(again)
  await again.getByTestId('draft-offer').getByRole('button', { name: 'Restore them' }).click()
  const chips = again.getByRole('list', { name: 'Tags on this post' }).getByRole('listitem')
  await expect.poll(() => chips.allTextContents()).toEqual(['Phones', 'Front desk'])
  const input = again.locator('input[type="file"][name="featuredImage"]')
  await expect.poll(() => input.evaluate((element: HTMLInputElement) => element.files?.[0]?.name)).toBe('cover.png')
  await expect
    .poll(() =>
      again
        .locator('img[src^="blob:"]')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(1200)

  await again.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
  await again.getByLabel('Alt text').fill('A teal cover')
  await again.getByRole('button', { name: 'Save Post' }).click()
  await again.waitForURL('**/admin/blog')
  await expect.poll(() => toast(again, 'Post created successfully').count()).toBe(1)
  await again
    .getByTestId('post-row')
    .filter({ hasText: 'A draft with tags and a cover' })
    .getByRole('link', { name: /^Edit / })
    .click()
  await again.waitForURL('**/admin/blog/edit/**')
  await waitForHydration(again)
  // The editor shows the stored image once its form has taken over from the server's markup.
  await expect.poll(() => again.locator('img[src^="/media/images/blog/"]').count()).toBeGreaterThan(0)
  expect(await again.getByRole('list', { name: 'Tags on this post' }).getByRole('listitem').allTextContents()).toEqual([
    'Phones',
    'Front desk',
  ])
  await context.close()
})
