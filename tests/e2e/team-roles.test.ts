import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '~/lib/admin-access'
import { upsertAdmin } from '~/server/services/users.server'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()
const PASSWORD = 'another-long-password'

beforeAll(async () => {
  await withServerDb(site.server, async (db) => {
    for (const role of ['editor', 'author'] as const) {
      await upsertAdmin(db, `${role}@example.com`, PASSWORD)
      await db.updateTable('users').set({ role }).where('email', '=', `${role}@example.com`).execute()
    }
  })
})

async function signedIn(email: string, password: string, userAgent?: string): Promise<Page> {
  const context = await site.browser.newContext({ baseURL: site.server.url, userAgent })
  const page = await context.newPage()
  await signInThroughForm(page, { email, password })
  return page
}

const signedInAs = (role: Exclude<Role, 'owner'>) => signedIn(`${role}@example.com`, PASSWORD)
const postRow = (page: Page, title: string) => page.getByTestId('post-row').filter({ hasText: title })

describe('an Author’s post needs an Editor’s approval', () => {
  it('lets the Author write and submit a draft, and the Editor publish it', async () => {
    const author = await signedInAs('author')
    const menu = author.getByRole('navigation', { name: 'Admin' })
    await expect.poll(() => menu.getByRole('link', { name: 'Blog Posts' }).count()).toBe(1)
    expect(await menu.getByRole('link', { name: /Inbox/ }).count()).toBe(0)
    expect(await menu.getByRole('link', { name: 'Authors' }).count()).toBe(0)

    await author.getByRole('link', { name: 'New Post' }).click()
    await author.waitForURL('**/admin/blog/new')
    await waitForHydration(author)
    await expect.poll(() => author.getByText('An Editor or Owner publishes posts.').count()).toBe(1)
    expect(await author.getByRole('group', { name: 'Publishing' }).count()).toBe(0)
    await author.getByLabel('Title', { exact: true }).fill('Five Questions Before You Buy AI')
    await author.getByLabel('Content').fill('Start with the work, not the tool.')
    await author.getByLabel('Author').selectOption({ label: 'Elena Vasquez' })
    await author.getByRole('button', { name: 'Save Post' }).click()
    await author.waitForURL('**/admin/blog')
    // The Author's list is their own posts only.
    await expect.poll(() => author.getByTestId('post-row').count()).toBe(1)
    const row = postRow(author, 'Five Questions Before You Buy AI')
    await expect.poll(() => row.getByText('Draft', { exact: true }).count()).toBe(1)
    expect(await row.getByRole('button', { name: 'Publish' }).count()).toBe(0)
    await row.getByRole('button', { name: 'Submit for review' }).click()
    await expect.poll(() => toast(author, 'Sent for review: an Editor or Owner will publish it').count()).toBe(1)
    await expect.poll(() => row.getByText('In review', { exact: true }).count()).toBe(1)

    const visitor = await site.browser.newPage({ baseURL: site.server.url })
    expect((await visitor.goto('/resources/blog/five-questions-before-you-buy-ai'))?.status()).toBe(404)

    const editor = await signedInAs('editor')
    await editor.goto('/admin')
    expect(await editor.getByTestId('posts-in-review').textContent()).toContain('One post waits for your review.')
    await editor.goto('/admin/blog')
    await waitForHydration(editor)
    const pending = postRow(editor, 'Five Questions Before You Buy AI')
    await expect.poll(() => pending.getByText('In review', { exact: true }).count()).toBe(1)
    await pending.getByRole('button', { name: 'Publish' }).click()
    await editor.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click()
    await expect.poll(() => toast(editor, 'Post published successfully').count()).toBe(1)
    await expect.poll(() => pending.getByText('Published', { exact: true }).count()).toBe(1)
    expect((await visitor.goto('/resources/blog/five-questions-before-you-buy-ai'))?.status()).toBe(200)

    // Published, the post is no longer the Author's to change.
    await author.reload()
    expect(await row.getByRole('link', { name: /^Edit / }).count()).toBe(0)
    const refused = await author.goto(
      `/admin/blog/edit/${await withServerDb(site.server, async (db) => (await db.selectFrom('blog_posts').select('id').where('slug', '=', 'five-questions-before-you-buy-ai').executeTakeFirstOrThrow()).id)}`,
    )
    expect(refused?.status()).toBe(403)
    expect(await author.getByText('Not available to you').isVisible()).toBe(true)
    for (const page of [author, editor, visitor]) await page.context().close()
  })
})

describe('what an Author is told', () => {
  it('says only what is true for an Author on the dashboard and in an empty post list', async () => {
    await withServerDb(site.server, async (db) => {
      await upsertAdmin(db, 'new-author@example.com', PASSWORD)
      await db.updateTable('users').set({ role: 'author' }).where('email', '=', 'new-author@example.com').execute()
    })
    const author = await signedIn('new-author@example.com', PASSWORD)
    await author.goto('/admin')
    const dashboard = (await author.getByRole('main').textContent())!
    expect(dashboard).toContain('Write drafts of your own and submit them for review by an Editor or Owner.')
    expect(dashboard).toContain('Your password, two-factor sign-in and where you are signed in.')
    expect(dashboard.toLowerCase()).not.toContain('publish')
    expect(dashboard).not.toContain('contact details')

    // The blog has posts; this Author has none of their own.
    await author.goto('/admin/blog')
    const list = (await author.getByRole('main').textContent())!
    expect(list).toContain('You have no posts yet')
    expect(list).not.toContain('No posts yet')
    expect(list.toLowerCase()).not.toContain('publish')
    await author.context().close()
  })
})

describe('sessions', () => {
  it('lists where the admin is signed in and ends another session', async () => {
    const laptop = await signedIn(
      ADMIN.email,
      ADMIN.password,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    )
    const phone = await signedIn(
      ADMIN.email,
      ADMIN.password,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    )

    await laptop.goto('/admin/settings')
    await waitForHydration(laptop)
    const sessions = laptop.getByTestId('session')
    expect(await sessions.filter({ hasText: 'Chrome on Windows' }).filter({ hasText: 'This device' }).count()).toBe(1)
    const other = sessions.filter({ hasText: 'Safari on iOS' })
    expect(await other.count()).toBe(1)
    expect(await other.textContent()).toContain('127.0.0.1')

    await other.getByRole('button', { name: /^End session/ }).click()
    await expect.poll(() => toast(laptop, 'Session ended').count()).toBe(1)
    await expect.poll(() => sessions.filter({ hasText: 'Safari on iOS' }).count()).toBe(0)

    await phone.goto('/admin')
    expect(new URL(phone.url()).pathname).toBe('/admin/login')
    // The laptop's own session goes on.
    await laptop.goto('/admin/blog')
    expect(new URL(laptop.url()).pathname).toBe('/admin/blog')
    for (const page of [laptop, phone]) await page.context().close()
  })

  it('signs out every other session at once', async () => {
    const first = await signedIn(ADMIN.email, ADMIN.password)
    const second = await signedIn(ADMIN.email, ADMIN.password)
    const third = await signedIn(ADMIN.email, ADMIN.password)
    await first.goto('/admin/settings')
    await waitForHydration(first)
    await first.getByRole('button', { name: 'End all other sessions' }).click()
    await expect.poll(() => toast(first, 'Signed out everywhere else').count()).toBe(1)
    for (const page of [second, third]) {
      await page.goto('/admin/blog')
      expect(new URL(page.url()).pathname).toBe('/admin/login')
    }
    await first.goto('/admin/blog')
    expect(new URL(first.url()).pathname).toBe('/admin/blog')
    for (const page of [first, second, third]) await page.context().close()
  })
})
