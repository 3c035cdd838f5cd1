import { beforeAll, describe, expect, it } from 'vitest'
import { upsertAdmin } from '~/server/services/users.server'
import { toast, waitForHydration } from '../support/browser'
import { signInOverHttp } from '../support/http'
import { blockCard, openBlockCard, openPageEditor, pagePreview } from '../support/page-editor'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()
const EDITOR = { email: 'editor@example.com', password: 'an-editor-password' }
const AUTHOR = { email: 'author@example.com', password: 'an-author-password' }

beforeAll(async () => {
  await withServerDb(site.server, async (db) => {
    for (const [person, role] of [
      [EDITOR, 'editor'],
      [AUTHOR, 'author'],
    ] as const) {
      await upsertAdmin(db, person.email, person.password)
      await db.updateTable('users').set({ role }).where('email', '=', person.email).execute()
    }
  })
})

async function editorPage(width = 1280) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport: { width, height: 900 } })
  const page = await context.newPage()
  await signInThroughForm(page, EDITOR)
  return page
}

/** The stored row of the page at `path`: its draft and live content, parsed. */
const storedPage = (path: string) =>
  withServerDb(site.server, async (db) => {
    const row = await db.selectFrom('pages').selectAll().where('path', '=', path).executeTakeFirstOrThrow()
    return { ...row, draftContent: JSON.parse(row.draft), liveContent: row.live ? JSON.parse(row.live) : null }
  })

describe('the pages editor', () => {
  it('lets an Editor change the home hero’s headline, see it in the phone preview, and publish it', async () => {
    const page = await editorPage()
    await page.goto('/admin/pages')
    await waitForHydration(page)
    const home = page.getByTestId('page-row').filter({ hasText: 'Home' }).first()
    expect(await home.getByTestId('page-status').textContent()).toBe('Published')
    expect(await page.getByRole('link', { name: 'New Page' }).getAttribute('href')).toBe('/admin/pages/new')

    await openPageEditor(page, 'Home')
    expect(await page.getByRole('link', { name: 'History' }).getAttribute('href')).toMatch(/^\/admin\/pages\/history\//)
    await openBlockCard(page, 'hero')
    const headline = blockCard(page, 'hero').getByLabel('Headline')
    await headline.fill('Every call answered, every lead followed up')

    // The preview is the real page at a phone's width, rendered from what was typed.
    expect(await page.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => pagePreview(page).locator('h1').textContent(), { timeout: 10_000 }).toContain('Every call answered')
    expect(
      await pagePreview(page)
        .locator('html')
        .evaluate(() => window.innerWidth),
    ).toBe(390)
    expect(await pagePreview(page).locator('header').count()).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect.poll(() => toast(page, 'Page published').count()).toBe(1)
    const stored = await storedPage('/')
    expect(stored.liveContent.blocks[0].data.title).toBe('Every call answered, every lead followed up')

    const visitor = await site.browser.newPage({ baseURL: site.server.url })
    await visitor.goto('/')
    expect(await visitor.locator('h1').textContent()).toContain('Every call answered, every lead followed up')
    await visitor.close()
  })

  it('keeps what was typed as a draft apart from the page, and offers it back after a reload', async () => {
    const page = await editorPage()
    await openPageEditor(page, 'Partners')
    const editorUrl = page.url()
    await openBlockCard(page, 'page-header')
    await blockCard(page, 'page-header').getByLabel('Title', { exact: true }).fill('Partners we trust with your systems')
    await expect.poll(() => page.getByTestId('autosave-status').textContent(), { timeout: 10_000 }).toMatch(/^Saved a draft at/)
    // The page itself is unchanged: the draft is kept apart from it.
    expect((await storedPage('/partners')).draftContent.blocks[0].data.title).not.toBe('Partners we trust with your systems')

    page.on('dialog', (dialog) => void dialog.accept())
    await page.goto(editorUrl)
    await waitForHydration(page)
    await page.getByTestId('draft-offer').getByRole('button', { name: 'Restore them' }).click()
    // The editor starts again from the draft once the offer is gone (after a look for its files in this browser).
    await expect.poll(() => page.getByTestId('draft-offer').count(), { timeout: 10_000 }).toBe(0)
    await openBlockCard(page, 'page-header')
    expect(await blockCard(page, 'page-header').getByLabel('Title', { exact: true }).inputValue()).toBe(
      'Partners we trust with your systems',
    )
    await expect.poll(() => pagePreview(page).locator('h1').textContent(), { timeout: 10_000 }).toContain('Partners we trust')

    await page.getByRole('button', { name: 'Save Draft' }).click()
    await expect.poll(() => toast(page, 'Draft saved').count()).toBe(1)
    expect((await storedPage('/partners')).draftContent.blocks[0].data.title).toBe('Partners we trust with your systems')
    // Saved, the draft is moot: a reload offers nothing.
    await page.reload()
    await waitForHydration(page)
    expect(await page.getByTestId('draft-offer').count()).toBe(0)
  })

  it('adds an FAQ question under Collections, moves it up with the keyboard’s buttons, and the FAQ page follows', async () => {
    const page = await editorPage()
    await page.goto('/admin/collections/faq')
    await waitForHydration(page)
    const rows = page.getByTestId('collection-row')
    const before = await rows.count()
    const last = await withServerDb(site.server, async (db) => {
      const row = await db
        .selectFrom('collection_items')
        .select('data')
        .where('collection', '=', 'faq')
        .orderBy('position', 'desc')
        .executeTakeFirstOrThrow()
      return (JSON.parse(row.data) as { question: string }).question
    })
    await page.getByRole('link', { name: 'New question' }).click()
    await page.waitForURL('**/admin/collections/faq/new')
    await waitForHydration(page)
    await page.getByLabel('Question', { exact: true }).fill('Do you work on weekends?')
    await page.getByLabel('Answer', { exact: true }).fill('Our receptionists do; our people answer on Monday.')
    await page.getByRole('button', { name: 'Save Question' }).click()
    await page.waitForURL('**/admin/collections/faq')
    await waitForHydration(page)
    await expect.poll(() => rows.count()).toBe(before + 1)

    const moveUp = page.getByRole('button', { name: 'Move Do you work on weekends? up' })
    await moveUp.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => rows.nth(before - 1).textContent()).toContain('Do you work on weekends?')
    await expect
      .poll(async () => {
        const html = await (await fetch(`${site.server.url}/resources/faq`)).text()
        const added = html.indexOf('Do you work on weekends?')
        return added !== -1 && added < html.indexOf(last)
      })
      .toBe(true)
  })

  it('refuses a javascript: link, a missing required field and a second page header at their fields, storing nothing', async () => {
    const page = await editorPage()
    await openPageEditor(page, 'Home')
    const before = await storedPage('/')
    await openBlockCard(page, 'hero')
    const link = blockCard(page, 'hero').getByLabel('Second button’s link')
    await link.fill('javascript:alert(1)')
    expect(await link.getAttribute('aria-invalid')).toBe('true')
    const linkError = await link.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${linkError}"]`).textContent()).toMatch(/^Use a path on this site/)

    const headline = blockCard(page, 'hero').getByLabel('Headline')
    await headline.fill('')
    expect(await page.locator(`[id="${await headline.getAttribute('aria-describedby')}"]`).textContent()).toBe('Headline is required')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect.poll(() => toast(page, 'Headline is required').count()).toBe(1)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id)).toBe(
      await headline.getAttribute('id'),
    )
    expect((await storedPage('/')).updated_at).toBe(before.updated_at)

    // The server refuses the same page on its own, for a form sent without the browser's check.
    const content = JSON.parse(JSON.stringify(before.draftContent))
    content.blocks[0].data.secondaryLink = 'javascript:alert(1)'
    const answer = await page.request.post(page.url(), {
      form: { intent: 'draft', version: before.updated_at, path: '/', name: 'Home', content: JSON.stringify(content) },
    })
    expect(answer.status()).toBe(400)
    expect((await storedPage('/')).updated_at).toBe(before.updated_at)

    // A second page header would be a second h1.
    await link.fill('#what-we-do')
    await headline.fill('Answer every call')
    await page.getByRole('button', { name: 'Add block' }).click()
    await page.getByTestId('block-choice').filter({ hasText: 'Page header' }).click()
    const header = blockCard(page, 'page-header')
    await expect.poll(() => header.textContent()).toContain('A page has one main heading')
    await header.getByLabel('Title', { exact: true }).fill('Welcome')
    await page.getByRole('button', { name: 'Save Draft' }).click()
    await expect.poll(() => toast(page, 'A page has one main heading').count()).toBe(1)
    expect((await storedPage('/')).updated_at).toBe(before.updated_at)
  })

  it('frames the preview for the back office only, and keeps it private', async () => {
    const cookie = await signInOverHttp(site.server.url, EDITOR.email, EDITOR.password)
    const { id } = await storedPage('/')
    const framed = await fetch(`${site.server.url}/admin/pages/preview/${id}`, { headers: { Cookie: cookie } })
    expect(framed.status).toBe(200)
    expect(framed.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(framed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(framed.headers.get('cache-control')).toContain('no-store')
    expect(framed.headers.get('x-robots-tag')).toBe('noindex')
    const list = await fetch(`${site.server.url}/admin/pages`, { headers: { Cookie: cookie } })
    expect(list.headers.get('x-frame-options')).toBe('DENY')
    expect(list.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('refuses an Author the pages, with 403', async () => {
    const cookie = await signInOverHttp(site.server.url, AUTHOR.email, AUTHOR.password)
    const { id } = await storedPage('/')
    for (const path of ['/admin/pages', '/admin/pages/new', `/admin/pages/edit/${id}`, `/admin/pages/preview/${id}`]) {
      const answer = await fetch(`${site.server.url}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })
      expect(answer.status, path).toBe(403)
    }
  })
})
