import { describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { createTestAuthor, createTestPost } from '../support/blog'
import { visit } from '../support/http'
import { logMessages } from '../support/log-lines'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

const OLD_PAGE = `/resources/blog?tag=${encodeURIComponent('Small business')}`

async function signedInPage() {
  const context = await site.browser.newContext({ baseURL: site.server.url })
  const page = await context.newPage()
  await signInThroughForm(page)
  return page
}

describe('the Tags screen', () => {
  it('merges “Small business” into “Small Business”, and the old tag page redirects to the new one', async () => {
    await withServerDb(site.server, async (db) => {
      const authorId = await createTestAuthor(db, { name: 'Tag Author' })
      await createTestPost(db, authorId, { title: 'Hiring your first assistant', tags: ['Small business', 'Hiring'] })
      await createTestPost(db, authorId, { title: 'Bookkeeping without tears', tags: ['Small Business'] })
      await createTestPost(db, authorId, { title: 'Answering every call', tags: ['Small Business'] })
    })
    // The old tag page is in the page cache before the merge: the merge must clear it.
    for (let i = 0; i < 2; i++) expect((await visit(site.server.url, OLD_PAGE)).status).toBe(200)
    await expect.poll(() => logMessages(site.server.output())).toContain(`GET ${OLD_PAGE} 200 cached`)

    const admin = await signedInPage()
    await admin.goto('/admin/tags')
    await waitForHydration(admin)
    // By the tag's own cell: the sample posts carry “Small Business” too, so its count is read, not assumed.
    const rowOf = (tag: RegExp) => admin.getByTestId('tag-row').filter({ has: admin.getByRole('rowheader', { name: tag }) })
    const postsOf = async (tag: RegExp) => Number((await rowOf(tag).textContent())?.match(/(\d+) in all/)?.[1])
    const row = rowOf(/^Small business/)
    await expect.poll(() => row.textContent()).toContain('Also spelt “Small Business”')
    expect(await row.textContent()).toContain('1 published / 1 in all')
    const kept = await postsOf(/^Small Business/)
    await row.getByRole('button', { name: /^Merge into “Small Business”/ }).click()
    const dialog = admin.getByRole('alertdialog')
    await expect.poll(() => dialog.textContent()).toContain('“Small business” will be merged into “Small Business”: 1 post')
    await dialog.getByRole('button', { name: 'Merge' }).click()
    await expect.poll(() => toast(admin, '“Small business” merged into “Small Business” (1 post)').count()).toBe(1)
    await expect.poll(() => postsOf(/^Small Business$/)).toBe(kept + 1)
    expect(await rowOf(/^Small business/).count()).toBe(0)

    const answer = await fetch(`${site.server.url}${OLD_PAGE}`, { redirect: 'manual' })
    expect(answer.status).toBe(301)
    expect(answer.headers.get('location')).toBe('/resources/blog?tag=Small+Business')
    const visitor = await (await site.browser.newContext({ baseURL: site.server.url })).newPage()
    await visitor.goto(OLD_PAGE)
    expect(new URL(visitor.url()).searchParams.get('tag')).toBe('Small Business')
    expect(await visitor.title()).toContain('Posts tagged “Small Business”')
    for (const title of ['Hiring your first assistant', 'Bookkeeping without tears', 'Answering every call'])
      expect(await visitor.getByRole('heading', { name: title }).count()).toBe(1)
    await visitor.context().close()
    await admin.context().close()
  })

  it('says a bad name at its field, and a name that is another tag’s as a merge before it is made', async () => {
    await withServerDb(site.server, async (db) => {
      const authorId = await createTestAuthor(db, { name: 'Rename Author' })
      await createTestPost(db, authorId, { title: 'Phones that answer themselves', tags: ['Phones'] })
      await createTestPost(db, authorId, { title: 'Voice agents explained', tags: ['Voice'] })
    })
    const admin = await signedInPage()
    await admin.goto('/admin/tags')
    await waitForHydration(admin)
    await admin
      .getByTestId('tag-row')
      .filter({ has: admin.getByRole('rowheader', { name: 'Phones' }) })
      .getByRole('link', { name: 'Rename “Phones”' })
      .click()
    const panel = admin.getByTestId('rename-panel')
    await expect.poll(() => admin.evaluate(() => document.activeElement?.textContent)).toBe('Rename “Phones”')
    const name = panel.getByLabel('New name')

    await panel.getByRole('button', { name: 'Rename' }).click()
    await expect.poll(() => panel.getByText('Please enter the tag’s new name').count()).toBe(1)
    expect(await name.getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => admin.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name')

    await name.fill('Phones')
    await panel.getByRole('button', { name: 'Rename' }).click()
    await expect.poll(() => panel.getByText('This is the tag’s name already. Type a different one').count()).toBe(1)

    // Another tag's name in another case: the screen says the merge, and the button makes it.
    await name.fill('VOICE')
    await expect.poll(() => panel.getByTestId('merge-notice').textContent()).toBe('“Phones” will be merged into “Voice”: 1 post.')
    expect(await panel.getByRole('button', { name: 'Merge' }).count()).toBe(1)
    await name.fill('Phone calls')
    await expect.poll(() => panel.getByTestId('merge-notice').textContent()).toBe('')
    await panel.getByRole('button', { name: 'Rename' }).click()
    await expect.poll(() => toast(admin, '“Phones” renamed to “Phone calls” on 1 post').count()).toBe(1)
    const answer = await fetch(`${site.server.url}/resources/blog?tag=Phones`, { redirect: 'manual' })
    expect(answer.headers.get('location')).toBe('/resources/blog?tag=Phone+calls')
    await admin.context().close()
  })
})
