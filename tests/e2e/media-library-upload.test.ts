import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { altRequiredMessage, imageTooLargeMessage, MAX_IMAGE_BYTES, notAnImageMessage } from '~/lib/images'
import { upsertAdmin } from '~/server/services/users.server'
import { toast, waitForHydration } from '../support/browser'
import { signInOverHttp } from '../support/http'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()
let photo: Buffer
let authorCookie = ''

beforeAll(async () => {
  photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer()
  await withServerDb(site.server, async (db) => {
    await upsertAdmin(db, 'writer@example.com', 'a-long-password')
    await db.updateTable('users').set({ role: 'author' }).where('email', '=', 'writer@example.com').execute()
  })
  authorCookie = await signInOverHttp(site.server.url, 'writer@example.com', 'a-long-password')
})

const ALT = 'Owner reading the weekly calls report on a tablet'

/** The post editor's upload, as its script sends it. */
async function upload(fields: Record<string, string | File>, cookie = authorCookie) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const answer = await fetch(`${site.server.url}/admin/media/upload`, {
    method: 'POST',
    body: form,
    headers: cookie ? { Cookie: cookie } : {},
    redirect: 'manual',
  })
  const type = answer.headers.get('Content-Type') ?? ''
  return { status: answer.status, body: type.includes('json') ? ((await answer.json()) as Record<string, unknown>) : await answer.text() }
}

const fileCount = () => withServerDb(site.server, async (db) => (await db.selectFrom('files').select('id').execute()).length)

describe('uploading in the media library', () => {
  it('uploads an image with alt text, lists it by its own name, and copies its address', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    await signInThroughForm(page)
    await page.goto('/admin/media')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Upload Image' }).click()
    await page.waitForURL('**/admin/media/new')
    await waitForHydration(page)

    // Nothing chosen and nothing said: each refused at its field, in the browser.
    await page.getByRole('button', { name: 'Upload Image' }).click()
    await expect.poll(() => page.locator('#field-file-error').textContent()).toBe('Choose an image to upload')
    expect(await page.locator('#field-imageAlt-error').textContent()).toBe(altRequiredMessage)
    expect(await page.getByLabel('Image', { exact: true }).getAttribute('aria-invalid')).toBe('true')

    // A text file named .png reaches the server, which reads its bytes and refuses it at the field.
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
    await page.getByLabel('Alt text').fill(ALT)
    await page.getByRole('button', { name: 'Upload Image' }).click()
    await expect.poll(() => page.locator('#field-file-error').textContent()).toBe(notAnImageMessage)
    expect(new URL(page.url()).pathname).toBe('/admin/media/new')
    expect(await page.getByLabel('Alt text').inputValue()).toBe(ALT)

    await page.getByLabel('Image', { exact: true }).setInputFiles({ name: 'Weekly report.jpg', mimeType: 'image/jpeg', buffer: photo })
    await expect.poll(() => page.locator('form img').count()).toBe(1)
    await page.getByRole('button', { name: 'Upload Image' }).click()
    await page.waitForURL('**/admin/media')
    await expect.poll(() => toast(page, 'Image uploaded successfully').count()).toBe(1)
    const row = page.getByTestId('media-row').filter({ hasText: 'Weekly report.jpg' })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.textContent()).toContain(ALT)
    expect(await row.textContent()).toContain('1600 × 900 px')

    const address = await withServerDb(site.server, async (db) => {
      const file = await db
        .selectFrom('files')
        .select(['bucket', 'path'])
        .where('original_name', '=', 'Weekly report.jpg')
        .executeTakeFirstOrThrow()
      return `/media/${file.bucket}/${file.path}`
    })
    expect(address).toMatch(/^\/media\/images\/library\/[0-9a-f-]{36}\.jpg$/)
    await row.getByRole('button', { name: 'Copy address of Weekly report.jpg' }).click()
    await expect.poll(() => toast(page, 'Address copied').count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)

    // The image's editor shows the name and the address, with its own copy button.
    await row.getByRole('link', { name: 'Edit Weekly report.jpg' }).click()
    await page.waitForURL('**/admin/media/edit/*')
    await waitForHydration(page)
    expect(await page.getByText('Weekly report.jpg').count()).toBeGreaterThan(0)
    expect(await page.getByLabel('Address of Weekly report.jpg').inputValue()).toBe(address)
    await page.evaluate(() => navigator.clipboard.writeText(''))
    await page.getByRole('button', { name: 'Copy address' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    await context.close()
  })

  it('selects the address to copy by hand where the page has no clipboard', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 390, height: 844 } })
    // As on a site served over plain HTTP: browsers offer no clipboard there.
    await context.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }))
    const page = await context.newPage()
    await signInThroughForm(page)
    await page.goto('/admin/media')
    await waitForHydration(page)
    const row = page.getByTestId('media-row').filter({ hasText: 'Weekly report.jpg' })
    await row.getByRole('button', { name: 'Copy address of Weekly report.jpg' }).click()
    await expect.poll(() => toast(page, 'The address is selected').count()).toBe(1)
    const field = row.getByLabel('Address of Weekly report.jpg', { exact: true })
    const value = await field.inputValue()
    expect(value).toMatch(/^\/media\/images\/library\//)
    expect(
      await field.evaluate((input: HTMLInputElement) => [document.activeElement === input, input.selectionStart, input.selectionEnd]),
    ).toEqual([true, 0, value.length])
    await context.close()
  })
})

describe('the post editor’s upload endpoint', () => {
  it('answers an Author with the image’s address, alt text, size and name', async () => {
    const answer = await upload({ file: new File([new Uint8Array(photo)], 'calls-chart.jpg', { type: 'image/jpeg' }), alt: ALT })
    expect(answer).toEqual({
      status: 200,
      body: {
        url: expect.stringMatching(/^\/media\/images\/blog\/[0-9a-f-]{36}\.jpg$/),
        alt: ALT,
        width: 1600,
        height: 900,
        name: 'calls-chart.jpg',
      },
    })
    const served = await fetch(`${site.server.url}${(answer.body as { url: string }).url}`)
    expect([served.status, served.headers.get('Content-Type')]).toEqual([200, 'image/jpeg'])
  })

  it('refuses a text file named .png, an image over the limit and missing alt text, storing nothing', async () => {
    const before = await fileCount()
    const text = new File(['just words'], 'photo.png', { type: 'image/png' })
    expect(await upload({ file: text, alt: 'Words' })).toEqual({ status: 400, body: { error: notAnImageMessage } })
    const over = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' })
    expect(await upload({ file: over, alt: 'Words' })).toEqual({ status: 413, body: { error: imageTooLargeMessage } })
    const image = new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' })
    expect(await upload({ file: image, alt: '' })).toEqual({ status: 400, body: { error: altRequiredMessage } })
    // A body over the site's upload limit is refused by the host before it is read: 413, in plain text.
    const huge = await upload({ file: new File([new Uint8Array(7 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' }), alt: 'Words' })
    expect(huge.status).toBe(413)
    expect(huge.body).toMatch(/^This upload is too large/)
    expect(await fileCount()).toBe(before)
  })

  it('refuses a signed-out request', async () => {
    const image = new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' })
    expect(await upload({ file: image, alt: 'Words' }, '')).toEqual({
      status: 401,
      body: { error: 'You are signed out. Sign in again, then add the image.' },
    })
  })
})
