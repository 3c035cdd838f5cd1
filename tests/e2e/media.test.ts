import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()
let cover: Buffer

beforeAll(async () => {
  cover = await sharp({ create: { width: 1800, height: 945, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer()
})

const TITLE = 'Answering Every Call Without Hiring'
const ALT = 'Receptionist dashboard showing calls answered overnight'

describe('images done right', () => {
  it('asks for alt text, then the public post offers AVIF and WebP copies with the alt, width and height set', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signInThroughForm(page)
    await page.goto('/admin/blog/new')
    await waitForHydration(page)
    await page.getByLabel('Title', { exact: true }).fill(TITLE)
    await page.getByLabel('Content').fill('An AI receptionist answers when you cannot.')
    await page.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
    await page
      .locator('input[type="file"][name="featuredImage"]')
      .setInputFiles({ name: 'calls.png', mimeType: 'image/png', buffer: cover })
    await page.getByLabel('Publish now').check()

    // Refused in the browser until the image is described (or marked decorative).
    await page.getByRole('button', { name: 'Save Post' }).click()
    await expect.poll(() => page.locator('#field-imageAlt-error').textContent()).toMatch(/^Describe the image in a few words/)
    expect(await page.getByLabel('Alt text').getAttribute('aria-describedby')).toBe('field-imageAlt-error')
    expect(await page.getByLabel('Alt text').getAttribute('aria-invalid')).toBe('true')
    expect(new URL(page.url()).pathname).toBe('/admin/blog/new')

    await page.getByLabel('Alt text').fill(ALT)
    await page.getByRole('button', { name: 'Save Post' }).click()
    await page.waitForURL('**/admin/blog')
    await expect.poll(() => toast(page, 'Post created successfully').count()).toBe(1)

    await page.goto('/resources/blog/answering-every-call-without-hiring')
    const picture = page.locator('article picture').first()
    const avif = await picture.locator('source[type="image/avif"]').getAttribute('srcset')
    const webp = await picture.locator('source[type="image/webp"]').getAttribute('srcset')
    expect(avif).toMatch(/^\/media\/images\/blog\/[0-9a-f-]{36}\.480w\.avif 480w, \S+\.960w\.avif 960w, \S+\.1600w\.avif 1600w$/)
    expect(webp).toMatch(/^\/media\/images\/blog\/[0-9a-f-]{36}\.480w\.webp 480w, \S+\.960w\.webp 960w, \S+\.1600w\.webp 1600w$/)
    const img = picture.locator('img')
    expect(await img.getAttribute('alt')).toBe(ALT)
    expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['1800', '945'])
    expect([await img.getAttribute('loading'), await img.getAttribute('fetchpriority')]).toEqual(['eager', 'high'])
    // The browser picked a copy it reads (Chromium reads AVIF), and the copy is served for good.
    await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\.avif$/)
    const copy = await page.request.get(avif!.split(' ')[0]!)
    expect([copy.status(), copy.headers()['content-type'], copy.headers()['cache-control']]).toEqual([
      200,
      'image/avif',
      'public, max-age=31536000, immutable',
    ])

    // The list's card is lazy: it is not the first thing a visitor sees on every screen.
    await page.goto('/resources/blog')
    const card = page.getByTestId('post-card').filter({ hasText: TITLE })
    expect(await card.locator('picture source[type="image/webp"]').count()).toBe(1)
    expect(await card.locator('picture img').first().getAttribute('alt')).toBe(ALT)
    await context.close()
  })

  it('lists the image in the media library with where it is used, says so instead of offering Delete, and deletes it once unused', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signInThroughForm(page)
    await page.getByRole('link', { name: 'Media Library' }).first().click()
    await page.waitForURL('**/admin/media')
    await waitForHydration(page)
    const row = page.getByTestId('media-row').filter({ hasText: ALT })
    // The menu's link may be followed by the router while the page hydrates: wait for the list itself.
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.textContent()).toContain('1800 × 945 px')
    expect(await row.textContent()).toContain('image/png')
    const use = row.getByRole('link', { name: `Post “${TITLE}” (featured image)` })
    expect(await use.getAttribute('href')).toMatch(/^\/admin\/blog\/edit\//)

    // In use: the dialog says where, with a link to each place, and offers only Close.
    await row.getByRole('button', { name: /^Delete / }).click()
    const dialog = page.getByRole('alertdialog')
    expect(await dialog.getByRole('heading').textContent()).toBe('This image is in use')
    expect(await dialog.textContent()).not.toMatch(/Are you sure|will not be deleted/)
    expect(await dialog.getByRole('link', { name: `Post “${TITLE}” (featured image)` }).getAttribute('href')).toMatch(
      /^\/admin\/blog\/edit\//,
    )
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Close'])
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    // The server refuses it too, whatever a page sends.
    const file = await withServerDb(site.server, (db) =>
      db.selectFrom('files').select(['id', 'updated_at']).where('alt', '=', ALT).executeTakeFirstOrThrow(),
    )
    const refused = await page.evaluate(
      async ({ id, version }) =>
        (await fetch('/admin/media', { method: 'POST', body: new URLSearchParams({ intent: 'delete', id, version }) })).status,
      { id: file.id, version: file.updated_at },
    )
    expect(refused).toBe(409)

    // Once nothing shows it, the usual question comes back and the image goes.
    await withServerDb(site.server, (db) => db.updateTable('blog_posts').set({ featured_image: null }).where('title', '=', TITLE).execute())
    await page.reload()
    await waitForHydration(page)
    await row.getByRole('button', { name: /^Delete / }).click()
    expect(await dialog.getByRole('heading').textContent()).toBe('Are you sure you want to delete this image?')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => toast(page, 'Image deleted successfully').count()).toBe(1)
    await expect.poll(() => page.getByTestId('media-row').filter({ hasText: ALT }).count()).toBe(0)
    await context.close()
  })
})
