import type { Page, Response } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { altRequiredMessage } from '~/lib/images'
import { createTestAuthor, createTestPost } from '../support/blog'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()
let photo: Buffer

beforeAll(async () => {
  photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()
})

async function signedIn(width = 1280): Promise<Page> {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 } })
  const page = await context.newPage()
  await signInThroughForm(page)
  return page
}

/** Opens a new post and waits for the editor to take over from the plain textarea. */
async function openNewPost(page: Page) {
  await page.goto('/admin/blog/new')
  await waitForHydration(page)
  await toolbar(page).waitFor()
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' })
const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' })
/** The field the form sends: the Markdown as stored. */
const markdown = (page: Page) => page.locator('textarea[name="content"]').inputValue()
const problems = (page: Page) => page.getByTestId('editor-problems').textContent()

/** Pastes into the editor as the browser does, with `files` (built in the page from bytes) and text of each type. */
async function paste(
  page: Page,
  { files = [], text = {} }: { files?: { name: string; type: string; bytes: number[] }[]; text?: Record<string, string> },
) {
  await editor(page).evaluate(
    (element, { files, text }) => {
      const transfer = new DataTransfer()
      for (const file of files) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
      for (const [type, value] of Object.entries(text)) transfer.setData(type, value)
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
    },
    { files, text },
  )
}

/** Whether any script the page downloads while `visit` runs holds CodeMirror (its editable area's class). */
async function loadsCodeMirror(page: Page, visit: () => Promise<unknown>): Promise<boolean> {
  const bodies: Promise<string>[] = []
  const listen = (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) bodies.push(response.text())
  }
  page.on('response', listen)
  await visit()
  await page.waitForLoadState('networkidle')
  page.off('response', listen)
  return (await Promise.all(bodies)).some((body) => body.includes('cm-content'))
}

describe('the post editor’s Markdown editor', () => {
  it('is downloaded by the editor screens only, never by the public pages or the post list', async () => {
    const { slug } = await withServerDb(site.server, async (db) => createTestPost(db, await createTestAuthor(db)))
    const page = await signedIn()
    expect(await loadsCodeMirror(page, () => page.goto(`/resources/blog/${slug}`))).toBe(false)
    expect(await loadsCodeMirror(page, () => page.goto('/admin/blog').then(() => waitForHydration(page)))).toBe(false)
    expect(await loadsCodeMirror(page, () => openNewPost(page))).toBe(true)
    await page.context().close()
  })

  it('writes a post with the toolbar and a pasted image, shown in the preview and on the published post', async () => {
    const page = await signedIn()
    await openNewPost(page)
    await page.getByLabel('Title', { exact: true }).fill('Answer every call')
    const tools = toolbar(page)
    await editor(page).click()
    await tools.getByRole('button', { name: 'Heading 2' }).click()
    await page.keyboard.type('Why it matters')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Callers who ')
    await tools.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('hang up')
    await page.keyboard.press('End')
    await page.keyboard.type(' rarely call back. Read our guide')
    for (const _ of 'our guide') await page.keyboard.press('Shift+ArrowLeft')
    await tools.getByRole('button', { name: 'Link' }).click()
    await page.keyboard.type('https://example.com/guide')
    await page.keyboard.press('End')
    await page.keyboard.type('.')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await tools.getByRole('button', { name: 'Bulleted list' }).click()
    await page.keyboard.type('Missed calls')
    // The list goes on at Enter, and ends at Enter on an empty item.
    await page.keyboard.press('Enter')
    await page.keyboard.type('Lost jobs')
    for (const _ of [1, 2, 3]) await page.keyboard.press('Enter')
    await page.keyboard.press('ControlOrMeta+i')
    await page.keyboard.type('Every call counts')
    await page.keyboard.press('End')
    await tools.getByRole('button', { name: 'Booking button' }).click()
    const written = [
      '## Why it matters',
      '',
      'Callers who **hang up** rarely call back. Read [our guide](https://example.com/guide).',
      '',
      '- Missed calls',
      '- Lost jobs',
      '',
      '_Every call counts_',
      '',
      '[[booking]]',
      '',
      '',
    ].join('\n')
    expect(await markdown(page)).toBe(written)

    const alt = 'Receptionist answering a call at the front desk'
    await paste(page, { files: [{ name: 'front-desk.png', type: 'image/png', bytes: [...photo] }] })
    const dialog = page.getByRole('alertdialog', { name: 'Describe the image' })
    await dialog.getByLabel('Alt text').fill(alt)
    await dialog.getByRole('button', { name: 'Add image' }).click()
    await expect.poll(() => markdown(page)).toMatch(new RegExp(`^${escape(written)}!\\[${alt}\\]\\(/media/images/[^)\\s]+\\)\\n\\n$`))
    expect(await page.getByTestId('editor-status').textContent()).toBe('Added front-desk.png to the text.')
    expect(await problems(page)).toBe('')

    const preview = page.getByTestId('post-preview')
    await expect.poll(() => preview.getByRole('img', { name: alt }).count()).toBe(1)
    expect(await preview.locator('h2').textContent()).toBe('Why it matters')
    expect(await preview.locator('strong').textContent()).toBe('hang up')
    expect(await preview.getByRole('link', { name: 'our guide' }).getAttribute('href')).toBe('https://example.com/guide')
    expect(await preview.locator('ul > li').allTextContents()).toEqual(['Missed calls', 'Lost jobs'])
    expect(await page.getByTestId('post-length').textContent()).toMatch(/^\d+ words · 1 min read$/)

    await page.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
    await page.getByLabel('Publish now').check()
    await page.getByRole('button', { name: 'Save Post' }).click()
    await page.waitForURL('**/admin/blog')
    await expect.poll(() => toast(page, 'Post created successfully').count()).toBe(1)

    await page.goto('/resources/blog/answer-every-call')
    const image = page.locator('article').getByRole('img', { name: alt })
    expect(await image.count()).toBe(1)
    expect(await image.getAttribute('src')).toMatch(/^\/media\/images\/.+\.png$/)
    expect(await image.evaluate((img: HTMLImageElement) => img.closest('picture') !== null)).toBe(true)
    const srcsets = await image.evaluate((img: HTMLImageElement) =>
      [...(img.closest('picture')?.querySelectorAll('source') ?? [])].map((source) => [source.type, source.srcset]),
    )
    expect(srcsets.map(([type]) => type)).toEqual(['image/avif', 'image/webp'])
    for (const [, srcset] of srcsets) expect(srcset).toMatch(/^\/media\/\S+ 480w, \/media\/\S+ 960w(, \/media\/\S+ 1600w)?$/)
    await page.context().close()
  })

  it('refuses a file that is not an image or is too large, and one the media library refuses, with a message and nothing added', async () => {
    const page = await signedIn()
    await openNewPost(page)
    await editor(page).fill('Before.')

    await paste(page, { files: [{ name: 'notes.txt', type: 'text/plain', bytes: [...Buffer.from('just words')] }] })
    await expect.poll(() => problems(page)).toBe('“notes.txt” is not an image. Use a JPEG, PNG, WebP, GIF or AVIF file.')

    await editor(page).evaluate((element) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }))
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
    })
    await expect.poll(() => problems(page)).toBe('“huge.png” is 6.0 MB, over the 5 MB an image can be. Make it smaller and try again.')
    expect(await page.getByRole('alertdialog').count()).toBe(0)

    // Named and typed as a PNG, so only its bytes give it away: the media library refuses it.
    await paste(page, { files: [{ name: 'renamed.png', type: 'image/png', bytes: [...Buffer.from('just words, not a picture')] }] })
    const dialog = page.getByRole('alertdialog', { name: 'Describe the image' })
    await dialog.getByRole('button', { name: 'Add image' }).click()
    expect(await dialog.getByText(altRequiredMessage).count()).toBe(1)
    await dialog.getByLabel('Decorative image (it adds no information, so screen readers skip it)').check()
    await dialog.getByRole('button', { name: 'Add image' }).click()
    await expect.poll(() => problems(page)).toBe('Please select an image file')
    expect(await markdown(page)).toBe('Before.')

    // Cancelled, an image is not added either.
    await paste(page, { files: [{ name: 'front-desk.png', type: 'image/png', bytes: [...photo] }] })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await dialog.count()).toBe(0)
    expect(await markdown(page)).toBe('Before.')
    await page.context().close()
  })

  it('pastes HTML from Word or the web as plain text, and says so when it held scripts', async () => {
    const page = await signedIn()
    await openNewPost(page)
    await editor(page).click()
    await paste(page, { text: { 'text/html': '<p>Call <b>us</b> today</p>', 'text/plain': 'Call us today' } })
    expect(await markdown(page)).toBe('Call us today')
    expect(await problems(page)).toBe('')
    await paste(page, {
      text: { 'text/html': '<p> and <i>book</i></p><script>alert(1)</script>', 'text/plain': ' and book<script>alert(1)</script>' },
    })
    expect(await markdown(page)).toBe('Call us today and book')
    expect(await problems(page)).toBe('Scripts in the pasted text were removed; only its words were added.')
    await page.context().close()
  })

  it('keeps the plain textarea without JavaScript, and takes the focus a refused save gives the field with it', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false })
    const plain = await context.newPage()
    await signInThroughForm(plain, { javaScript: false })
    await plain.goto('/admin/blog/new')
    await plain.getByLabel('Title', { exact: true }).fill('Written without scripts')
    await plain.getByLabel('Content').fill('Plain **Markdown** still works.')
    await plain.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
    await plain.getByRole('button', { name: 'Save Post' }).click()
    await plain.waitForURL('**/admin/blog')
    expect(await plain.getByTestId('post-row').filter({ hasText: 'Written without scripts' }).count()).toBe(1)
    await context.close()

    const page = await signedIn()
    await openNewPost(page)
    await page.getByLabel('Title', { exact: true }).fill('No words yet')
    await page.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
    await page.getByRole('button', { name: 'Save Post' }).click()
    await expect.poll(() => editor(page).evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await editor(page).getAttribute('aria-invalid')).toBe('true')
    await page.keyboard.type('Now there are.')
    expect(await markdown(page)).toBe('Now there are.')
    await page.context().close()
  })

  it('fits its toolbar on a 390 px phone and moves through it with the arrow keys', async () => {
    const page = await signedIn(390)
    await openNewPost(page)
    const bar = toolbar(page)
    const box = (await bar.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    for (const button of await bar.getByRole('button').all()) {
      const { x, width } = (await button.boundingBox())!
      expect(x + width).toBeLessThanOrEqual(box.x + box.width)
    }
    // One stop for Tab; the arrows, Home and End move along the buttons.
    expect(await bar.locator('button[tabindex="0"]').count()).toBe(1)
    await bar.getByRole('button', { name: 'Heading 2' }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Heading 3')
    await page.keyboard.press('End')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Booking button')
    await page.keyboard.press('ArrowRight')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Heading 2')
    await page.keyboard.press('Enter')
    await page.keyboard.type('On a phone')
    expect(await markdown(page)).toBe('## On a phone')
    await page.context().close()
  })
})

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
