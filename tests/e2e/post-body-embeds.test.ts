import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { IMAGE_PLACES, saveImage } from '~/server/services/media.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { useRunningSite } from '../support/site'

// A closed local port: the booking link leads nowhere outside this machine.
const BOOKING_URL = 'http://127.0.0.1:9/strategy-session'
const site = useRunningSite({ BOOKING_URL })
const VIDEO = 'dQw4w9WgXcQ'
let slug = ''
let imageUrl = ''

beforeAll(async () => {
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a5599' } })
    .png()
    .toBuffer()
  ;({ slug, imageUrl } = await withServerDb(site.server, async (db) => {
    const url = await saveImage(db, new File([new Uint8Array(png)], 'harbour.png', { type: 'image/png' }), IMAGE_PLACES.post, {
      alt: 'Harbour',
      decorative: false,
    })
    const content = [
      'We met the crew at the harbour before sunrise.',
      `![The harbour at dawn](${url})`,
      `[How we answer every call](https://youtu.be/${VIDEO})`,
      'https://youtu.be/forged-id',
      'Ready to talk it through?',
      '[[booking]]',
      'Or mention [[booking]] in a sentence, which stays words.',
    ].join('\n\n')
    const post = await createTestPost(db, await createTestAuthor(db), { title: 'At the harbour', content })
    return { slug: post.slug, imageUrl: url }
  }))
})

async function openPost({ javaScriptEnabled = true } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 }, javaScriptEnabled })
  // Every request that leaves this machine, in order; the player's host answers with a stand-in page.
  const outside: string[] = []
  context.on('request', (request) => {
    if (!request.url().startsWith(site.server.url)) outside.push(request.url())
  })
  await context.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>Player</p>' }),
  )
  const page = await context.newPage()
  // The policy would refuse a frame from a host it does not list: any refusal is recorded.
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { violations: seen })
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  await page.goto(`/resources/blog/${slug}`)
  if (javaScriptEnabled) await waitForHydration(page)
  return { page, outside }
}

it('draws the uploaded image with its copies, and the booking line as the booking button', async () => {
  const { page } = await openPost()
  const body = page.getByTestId('post-body')
  const image = body.getByRole('img', { name: 'The harbour at dawn' })
  // Loaded, lazily, across the column's whole width and no wider, at the stored image's proportions.
  await expect
    .poll(() =>
      image.evaluate((img: HTMLImageElement) => [
        img.naturalWidth > 0,
        img.loading,
        img.width === img.closest('[data-testid="post-body"]')!.clientWidth,
        Math.round((img.height / img.width) * 16),
      ]),
    )
    .toEqual([true, 'lazy', true, 9])
  expect(await image.getAttribute('width')).toBe('1600')
  expect(await image.getAttribute('height')).toBe('900')
  const base = imageUrl.replace(/\.png$/, '')
  expect(await body.locator('picture source[type="image/avif"]').getAttribute('srcset')).toBe(
    `${base}.480w.avif 480w, ${base}.960w.avif 960w, ${base}.1600w.avif 1600w`,
  )
  // The browser took a copy, not the original.
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.\d+w\.avif$/)

  const booking = body.getByRole('link', { name: 'Book a free 30-minute call' })
  await expect.poll(() => booking.count()).toBe(1)
  expect(await booking.getAttribute('href')).toBe(BOOKING_URL)
  expect(await booking.getAttribute('target')).toBe('_blank')
  await expect.poll(() => body.getByText('Or mention [[booking]] in a sentence, which stays words.').count()).toBe(1)
})

it('asks nothing of YouTube until the poster is clicked, then plays it in the privacy-enhanced player', async () => {
  const { page, outside } = await openPost()
  const poster = page.getByRole('link', { name: /Play video on YouTube/ })
  expect(await poster.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${VIDEO}`)
  await expect.poll(() => poster.textContent()).toBe('How we answer every callPlay video on YouTube')
  // A forged id is left as the link it was.
  expect(await page.getByRole('link', { name: 'https://youtu.be/forged-id' }).count()).toBe(1)
  expect(outside).toEqual([])

  await poster.focus()
  await page.keyboard.press('Enter')
  const player = page.locator('iframe[title="How we answer every call"]')
  await expect.poll(() => player.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`)
  expect(await player.evaluate((frame: HTMLIFrameElement) => [frame.allowFullscreen, document.activeElement === frame])).toEqual([
    true,
    true,
  ])
  await expect.poll(() => player.contentFrame().getByText('Player').count()).toBe(1)
  expect(outside).toEqual([`https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`])
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([])
  // The player fills the poster's 16:9 place.
  const { width, height } = (await player.boundingBox())!
  expect(Math.round((width / height) * 9)).toBe(16)
})

it('lets pages frame the two players and nothing else', async () => {
  const policy = (await fetch(`${site.server.url}/resources/blog/${slug}`)).headers.get('Content-Security-Policy') ?? ''
  expect(policy).toContain("frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com;")
})

it('leaves the poster a plain link to the video without JavaScript', async () => {
  const { page, outside } = await openPost({ javaScriptEnabled: false })
  await page.getByRole('link', { name: /Play video on YouTube/ }).click()
  await page.waitForURL(`https://www.youtube.com/watch?v=${VIDEO}`)
  expect(outside).toEqual([`https://www.youtube.com/watch?v=${VIDEO}`])
})
