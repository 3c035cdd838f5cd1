import { expect, it } from 'vitest'
import { nowIso } from '~/lib/ids'
import { PREVIEW_LINK_DAYS, sharePreview } from '~/server/services/post-preview-links.server'
import { findUserForSignIn, type User } from '~/server/services/users.server'
import { toast, waitForHydration } from '../support/browser'
import { createTestAuthor, createTestPost } from '../support/blog'
import { testContext } from '../support/context'
import { withServerDb } from '../support/server'
import { ADMIN, signInThroughForm, useRunningSite } from '../support/site'

/*
 * A draft's shareable preview link, in Chromium: an admin makes it in the post editor, someone
 * without an account opens it in a browser of their own and reads the post under the preview
 * banner; an expired link and a forged one say so; once the post is published the link leads to it.
 */

// The server's secret, which the test signs with too when it makes a link as the service does.
const SECRET = 'preview-links-test-secret-0123456789'
const site = useRunningSite({ COOKIE_SECRET: SECRET })
const TITLE = 'What an AI Receptionist Says at 2 a.m.'
const SLUG = 'what-an-ai-receptionist-says'

it('shares a draft with someone signed out, refuses expired and forged links, and leads to the post once published', async () => {
  const postId = await withServerDb(site.server, async (db) => {
    const authorId = await createTestAuthor(db, { name: 'Morgan Lee' })
    const { id } = await createTestPost(db, authorId, {
      title: TITLE,
      slug: SLUG,
      content: 'It answers, books the job and **texts you a summary**.',
      published: false,
      publishedAt: null,
    })
    return id
  })

  const admin = await site.browser.newContext({ baseURL: site.server.url })
  await admin.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await admin.newPage()
  await signInThroughForm(page)
  await page.goto(`/admin/blog/edit/${postId}`)
  await waitForHydration(page)
  const card = page.getByTestId('share-preview')
  await card.getByRole('button', { name: 'Share preview' }).click()
  await expect.poll(() => toast(page, 'Preview link ready').count()).toBe(1)
  const field = card.getByLabel('Preview link')
  const link = await field.inputValue()
  expect(link).toMatch(/\/resources\/blog\/preview\/[^/]+$/)
  await expect.poll(() => card.textContent()).toMatch(/Works until .+ for anyone with the link\./)
  await card.getByRole('button', { name: 'Copy link' }).click()
  await expect.poll(() => toast(page, 'Link copied').count()).toBe(1)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  const path = new URL(link).pathname
  const token = path.split('/').pop()!

  // Someone without an account, in a browser of their own.
  const visitor = await site.browser.newContext({ baseURL: site.server.url })
  const reader = await visitor.newPage()
  const shown = await reader.goto(path)
  expect(shown?.status()).toBe(200)
  expect(shown?.headers()['cache-control']).toBe('private, no-store')
  await expect.poll(() => reader.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE)
  expect(await reader.getByRole('note').textContent()).toBe('Preview: this post is not published yet')
  expect(await reader.getByTestId('post-body').innerHTML()).toContain('<strong>texts you a summary</strong>')
  expect(await reader.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')

  // A link made more than 7 days ago, through the service as the editor makes one.
  const expired = await withServerDb(site.server, async (db) => {
    const { id, email, role } = (await findUserForSignIn(db, ADMIN.email))!
    const context = testContext(db)
    context.config.cookieSecret = SECRET
    const made = await sharePreview(context, { id, email, role } as User, postId, Date.now() - (PREVIEW_LINK_DAYS + 1) * 86_400_000)
    if ('refusal' in made) throw new Error(made.refusal)
    return made.path
  })
  const old = await reader.goto(expired)
  expect(old?.status()).toBe(410)
  expect(await reader.locator('main').textContent()).toContain('This preview link has expired.Ask the author for a new one.')
  expect(await reader.content()).not.toContain(TITLE)

  // One character changed.
  const at = path.length - 5
  const forged = path.slice(0, at) + (path[at] === 'a' ? 'b' : 'a') + path.slice(at + 1)
  const refused = await reader.goto(forged)
  expect(refused?.status()).toBe(404)
  expect(await reader.locator('main').textContent()).toContain('This preview link is not valid.')
  expect(await reader.content()).not.toContain(TITLE)

  // Published meanwhile: the same link leads to the post's own address.
  await withServerDb(site.server, (db) =>
    db.updateTable('blog_posts').set({ published: 1, published_at: nowIso() }).where('id', '=', postId).execute(),
  )
  const moved = await reader.goto(path)
  expect(moved?.request().redirectedFrom()?.url()).toBe(`${site.server.url}${path}`)
  expect(new URL(reader.url()).pathname).toBe(`/resources/blog/${SLUG}`)
  expect(await reader.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE)
  expect(await reader.getByRole('note').count()).toBe(0)
  // The server's log names the address without its secret.
  expect(site.server.output()).toContain('/resources/blog/preview/[token]')
  expect(site.server.output()).not.toContain(token)
  await visitor.close()
  await admin.close()
})

it('stops every link of a post with Stop sharing', async () => {
  const postId = await withServerDb(site.server, async (db) => {
    const { id } = await createTestPost(db, await createTestAuthor(db), { published: false, publishedAt: null })
    return id
  })
  const admin = await site.browser.newContext({ baseURL: site.server.url })
  const page = await admin.newPage()
  await signInThroughForm(page)
  await page.goto(`/admin/blog/edit/${postId}`)
  await waitForHydration(page)
  const card = page.getByTestId('share-preview')
  await card.getByRole('button', { name: 'Share preview' }).click()
  const path = new URL(await card.getByLabel('Preview link').inputValue()).pathname
  await card.getByRole('button', { name: 'Stop sharing' }).click()
  await expect.poll(() => toast(page, 'Preview links stopped').count()).toBe(1)
  await expect.poll(() => card.getByRole('button', { name: 'Share preview' }).count()).toBe(1)

  const response = await fetch(`${site.server.url}${path}`)
  expect(response.status).toBe(410)
  expect(await response.text()).toContain('This preview link no longer works.')
  await admin.close()
})
