import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestAuthor, createTestPost } from '../support/blog'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

const site = useRunningSite()
let cover: Buffer

beforeAll(async () => {
  cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer()
})

async function signedInPage(): Promise<Page> {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await page.goto('/admin/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/blog')
  return page
}

async function openEditor(page: Page, path = '/admin/blog/new') {
  await page.goto(path)
  await waitForHydration(page)
}

const row = (page: Page, title: string) => page.getByTestId('post-row').filter({ hasText: title })

describe('post editor', () => {
  it('creates a published post with an image and tags that appears on the public blog', async () => {
    const page = await signedInPage()
    await openEditor(page)
    await page.getByLabel('Title', { exact: true }).fill('Missed Calls Cost More Than You Think')
    expect(await page.getByLabel('Slug').inputValue()).toBe('missed-calls-cost-more-than-you-think')
    expect(await page.getByTestId('post-length').textContent()).toBe('0 words')
    await page.getByLabel('Content').fill('## Count them\n\nMost owners *underestimate* missed calls.')
    await expect.poll(() => page.getByTestId('post-preview').locator('h2').textContent()).toBe('Count them')
    expect(await page.getByTestId('post-length').textContent()).toBe('7 words · 1 min read')
    await page.getByLabel('Tags', { exact: true }).fill('Phones')
    await page.getByLabel('Tags', { exact: true }).press('Enter')
    await page.getByLabel('Tags', { exact: true }).fill('Phones')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByLabel('Tags', { exact: true }).fill('  ')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByLabel('Tags', { exact: true }).fill('Revenue')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    expect(await page.getByRole('list', { name: 'Tags on this post' }).getByRole('listitem').allTextContents()).toEqual([
      'Phones',
      'Revenue',
    ])
    await page.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
    await page
      .locator('input[type="file"][name="featuredImage"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover })
    await page.getByLabel('Alt text').fill('A blue cover')
    await page.getByLabel('Publish now').check()
    await page.getByRole('button', { name: 'Save Post' }).click()

    await page.waitForURL('**/admin/blog')
    await expect.poll(() => toast(page, 'Post created successfully').count()).toBe(1)
    await expect.poll(() => row(page, 'Missed Calls Cost More Than You Think').getByText('Published').count()).toBe(1)

    await page.goto('/resources/blog?tag=Revenue')
    const card = page.getByTestId('post-card').filter({ hasText: 'Missed Calls Cost More Than You Think' })
    const src = await card.locator('img').first().getAttribute('src')
    expect(src).toMatch(/^\/media\/images\/blog\/.+\.png$/)
    const image = await page.request.get(src!)
    expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png'])
    expect(await card.textContent()).toContain('Most owners underestimate missed calls.')
    await page.context().close()
  })

  it('edits a post and the public page shows the change at its unchanged address', async () => {
    const page = await signedInPage()
    await row(page, 'Missed Calls Cost More Than You Think')
      .getByRole('link', { name: /^Edit / })
      .click()
    await page.waitForURL('**/admin/blog/edit/**')
    await waitForHydration(page)
    await page.getByLabel('Title', { exact: true }).fill('Missed Calls Cost More Than Most Owners Think')
    expect(await page.getByLabel('Slug').inputValue()).toBe('missed-calls-cost-more-than-you-think')
    await page.getByRole('button', { name: 'Save Post' }).click()
    await page.waitForURL('**/admin/blog')
    await expect.poll(() => toast(page, 'Post updated successfully').count()).toBe(1)
    await page.goto('/resources/blog/missed-calls-cost-more-than-you-think')
    expect(await page.locator('h1').textContent()).toBe('Missed Calls Cost More Than Most Owners Think')
    await page.context().close()
  })

  it('schedules a post: listed as Scheduled and not public until its time', async () => {
    const page = await signedInPage()
    await openEditor(page)
    await page.getByLabel('Title', { exact: true }).fill('Coming Next Spring')
    await page.getByLabel('Content').fill('Soon.')
    await page.getByLabel('Author').selectOption({ label: 'Elena Vasquez' })
    await page.getByLabel('Schedule for').check()
    await page.getByLabel('Publish date and time').fill('2099-04-01T09:00')
    await page.getByRole('button', { name: 'Save Post' }).click()
    await page.waitForURL('**/admin/blog')
    await expect.poll(() => row(page, 'Coming Next Spring').getByText('Scheduled').count()).toBe(1)

    const visitor = await site.browser.newPage({ baseURL: site.server.url })
    expect((await visitor.goto('/resources/blog/coming-next-spring'))?.status()).toBe(404)
    await visitor.close()

    // Previewed from the list and from its editor, in a new tab, as visitors will see it once it is out.
    const preview = row(page, 'Coming Next Spring').getByRole('link', { name: 'Preview Coming Next Spring as visitors will see it' })
    expect(await preview.getAttribute('href')).toBe('/resources/blog/coming-next-spring')
    expect(
      await row(page, 'Coming Next Spring')
        .getByRole('link', { name: /on the site/ })
        .count(),
    ).toBe(0)
    const [tab] = await Promise.all([page.context().waitForEvent('page'), preview.click()])
    await tab!.waitForLoadState()
    expect(await tab!.locator('h1').textContent()).toBe('Coming Next Spring')
    expect(await tab!.getByRole('note').textContent()).toContain('not published')
    await tab!.close()
    await row(page, 'Coming Next Spring').getByRole('link', { name: /^Edit/ }).click()
    await page.waitForURL('**/admin/blog/edit/**')
    await waitForHydration(page)
    // The first: the Share preview card below it holds links of its own.
    const fromEditor = page
      .getByRole('main')
      .getByRole('link', { name: /^Preview/ })
      .first()
    expect(await fromEditor.getAttribute('href')).toBe('/resources/blog/coming-next-spring')
    expect(await fromEditor.getAttribute('target')).toBe('_blank')
    await page.context().close()
  })

  it("suggests the blog's tags as one is typed, and keeps one spelling of each, in the browser and on the server", async () => {
    await withServerDb(site.server, async (db) => {
      await createTestPost(db, await createTestAuthor(db, { name: 'Tag Keeper' }), { slug: 'tagged-before', tags: ['Small Business'] })
    })
    const page = await signedInPage()
    await openEditor(page)
    expect(await page.locator('datalist option[value="Small Business"]').count()).toBe(1)
    await page.getByLabel('Title', { exact: true }).fill('One Spelling Per Tag')
    await page.getByLabel('Content').fill('Words.')
    await page.getByLabel('Author').selectOption({ label: 'Nicole Arceneaux' })
    const box = page.getByLabel('Tags', { exact: true })
    for (const typed of ['small business', 'SMALL BUSINESS']) {
      await box.fill(typed)
      await box.press('Enter')
    }
    const chips = page.getByRole('list', { name: 'Tags on this post' }).getByRole('listitem')
    expect(await chips.allTextContents()).toEqual(['Small Business'])
    // Left in the box, a tag is sent as typed; the save spells it as the blog does.
    await box.fill('sMALL business')
    await page.getByRole('button', { name: 'Save Post' }).click()
    await page.waitForURL('**/admin/blog')
    const saved = await withServerDb(site.server, (db) =>
      db
        .selectFrom('post_tags')
        .innerJoin('blog_posts', 'blog_posts.id', 'post_tags.post_id')
        .select('post_tags.tag')
        .where('blog_posts.slug', '=', 'one-spelling-per-tag')
        .execute(),
    )
    expect(saved.map((row) => row.tag)).toEqual(['Small Business'])
    await page.context().close()
  })

  it('shows the spec messages for a post without title, content or author', async () => {
    const page = await signedInPage()
    await openEditor(page)
    await page.getByRole('button', { name: 'Save Post' }).click()
    await expect.poll(() => page.getByText('Title is required').count()).toBeGreaterThan(0)
    expect(await page.getByText('Content is required').count()).toBeGreaterThan(0)
    expect(await page.getByText('Author is required').count()).toBeGreaterThan(0)
    expect(new URL(page.url()).pathname).toBe('/admin/blog/new')
    await page.context().close()
  })

  it('asks before leaving with unsaved changes', async () => {
    const page = await signedInPage()
    await openEditor(page)
    await page.getByLabel('Title', { exact: true }).fill('Half a thought')
    await page.getByRole('link', { name: 'Back to Blog Posts' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Stay on this page' }).click()
    expect(new URL(page.url()).pathname).toBe('/admin/blog/new')
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Half a thought')
    await page.getByRole('link', { name: 'Back to Blog Posts' }).click()
    await dialog.getByRole('button', { name: 'Leave' }).click()
    await page.waitForURL('**/admin/blog')
    await page.context().close()
  })

  it('deletes a post after confirmation and it leaves the public blog', async () => {
    const page = await signedInPage()
    await row(page, 'Missed Calls Cost More Than Most Owners Think')
      .getByRole('button', { name: /^Delete / })
      .click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => toast(page, 'Post deleted successfully').count()).toBe(1)
    expect((await page.goto('/resources/blog/missed-calls-cost-more-than-you-think'))?.status()).toBe(404)
    await page.context().close()
  })
})
