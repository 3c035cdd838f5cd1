import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

const site = useRunningSite()

let cover: Buffer
beforeAll(async () => {
  cover = await sharp({ create: { width: 600, height: 375, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
})

async function newPage({ javaScript = true } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: javaScript })
  return context.newPage()
}

async function signIn(page: Page, { javaScript = true } = {}) {
  await page.goto('/admin/login')
  if (javaScript) await waitForHydration(page)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/blog')
}

const rows = (page: Page) => page.getByTestId('case-study-row')

const STUDY = {
  title: 'A bakery takes cake orders around the clock',
  id: 'a-bakery-takes-cake-orders-around-the-clock',
  industry: 'Bakeries',
}

/** Fills every field of the editor except the image. */
async function fillStudy(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Client').fill('Crescent Bakery')
  await page.getByLabel('Industry').fill(STUDY.industry)
  await page.getByLabel('Brief description').fill('A two-shop bakery now takes custom cake orders by chat at any hour.')
  await page.getByLabel('Challenge').fill('Orders came in by phone during the morning rush and many were lost.')
  await page.getByLabel('Solution').fill('A chat assistant takes orders, deposits and pickup times.')
  await page.getByLabel('Results').fill('Custom orders up by a third\nNo missed calls at 7 a.m.')
  await page.getByLabel('Tags').fill('Chatbot, Ordering')
  await page.getByLabel('Quote').fill('The phone used to rule the morning.')
  await page.getByLabel('Author', { exact: true }).fill('Marie Landry')
  await page.getByLabel("Author's position").fill('Owner')
}

/** Chooses the card's image and describes it, as the editor asks. */
async function chooseCover(page: Page) {
  await page.locator('input[type="file"][name="image"]').setInputFiles({ name: 'cake.png', mimeType: 'image/png', buffer: cover })
  await page.getByLabel('Alt text').fill('A tray of cakes')
}

describe('managing case studies', () => {
  it('creates a study with an image, shows it on the public page, edits its title and deletes it', async () => {
    const page = await newPage()
    await signIn(page)
    await page.goto('/admin/case-studies')
    await waitForHydration(page)
    expect(await rows(page).count()).toBe(10)
    expect(await page.locator('thead th').allTextContents()).toEqual(['Title', 'Client', 'Industry', 'Order', 'Actions'])

    await page.getByRole('link', { name: 'New Case Study' }).click()
    await page.waitForURL('**/admin/case-studies/new')
    await page.getByRole('heading', { name: 'New Case Study' }).waitFor()
    // Checked in the browser first: nothing is sent while a field is missing.
    const posts: string[] = []
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
    await page.getByRole('button', { name: 'Save Case Study' }).click()
    await expect.poll(() => page.getByText('Add at least one result').isVisible()).toBe(true)
    expect(await page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByText('Please choose an image for the case study card').isVisible()).toBe(true)
    expect(posts).toEqual([])

    await fillStudy(page, STUDY.title)
    await chooseCover(page)
    await expect.poll(() => page.locator('img[src^="blob:"]').count()).toBe(1)
    await page.getByRole('button', { name: 'Save Case Study' }).click()
    await page.waitForURL('**/admin/case-studies')
    await expect.poll(() => toast(page, 'Case study created successfully').count()).toBe(1)
    await expect.poll(() => rows(page).count()).toBe(11)
    const row = rows(page).filter({ hasText: STUDY.title })
    expect(await row.getByText(STUDY.industry).isVisible()).toBe(true)
    const view = row.getByRole('link', { name: /^View / })
    expect([await view.getAttribute('href'), await view.getAttribute('target')]).toEqual([`/case-studies/${STUDY.id}`, '_blank'])

    const visitor = await newPage()
    await visitor.goto('/case-studies')
    await waitForHydration(visitor)
    const card = visitor.locator(`[id="${STUDY.id}"]`)
    const image = card.locator('img')
    expect(await image.getAttribute('src')).toMatch(/^\/media\/images\/case-studies\/[0-9a-f-]{36}\.png$/)
    await image.scrollIntoViewIfNeeded()
    // The card is drawn from the smallest AVIF copy wide enough for it (the original is 600 px wide).
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
      .toMatch(/\.(480|600)w\.avif$/)
    await visitor.getByRole('tab', { name: STUDY.industry }).click()
    const panel = visitor.getByRole('tabpanel')
    await expect.poll(() => panel.getByTestId('case-study-card').count()).toBe(1)
    expect(await panel.getByRole('heading', { name: STUDY.title }).isVisible()).toBe(true)
    await visitor.getByRole('button', { name: 'Read full case study' }).click()
    expect(await panel.getByText('No missed calls at 7 a.m.').isVisible()).toBe(true)
    await visitor.context().close()

    await row.getByRole('link', { name: `Edit ${STUDY.title}` }).click()
    await page.waitForURL(`**/admin/case-studies/edit/${STUDY.id}`)
    await waitForHydration(page)
    expect(await page.getByLabel('Results').inputValue()).toBe('Custom orders up by a third\nNo missed calls at 7 a.m.')
    await page.getByLabel('Title', { exact: true }).fill('A bakery never misses a cake order')
    await page.getByRole('button', { name: 'Save Case Study' }).click()
    await page.waitForURL('**/admin/case-studies')
    await expect.poll(() => toast(page, 'Case study updated successfully').count()).toBe(1)
    const edited = rows(page).filter({ hasText: 'A bakery never misses a cake order' })
    // The public page stays where it was.
    expect(await edited.getByRole('link', { name: /^View / }).getAttribute('href')).toBe(`/case-studies/${STUDY.id}`)

    const imageUrl = await withServerDb(site.server, (db) =>
      db.selectFrom('case_studies').select('image').where('id', '=', STUDY.id).executeTakeFirstOrThrow(),
    )
    await edited.getByRole('button', { name: 'Delete A bakery never misses a cake order' }).click()
    const dialog = page.getByRole('alertdialog')
    expect(await dialog.getByText('Are you sure you want to delete this case study?').isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => toast(page, 'Case study deleted successfully').count()).toBe(1)
    await expect.poll(() => rows(page).count()).toBe(10)
    // The picture stays with the study's revisions, so it can be restored (for 30 days).
    expect((await page.request.get(imageUrl.image)).status()).toBe(200)
    await page.context().close()
  })

  it('works without JavaScript: errors beside their fields, typed values kept, then saved', async () => {
    const page = await newPage({ javaScript: false })
    await signIn(page, { javaScript: false })
    await page.goto('/admin/case-studies/new')
    await page.getByLabel('Title', { exact: true }).fill('Made without scripts')
    await page.getByLabel('Results').fill('One result')
    await page.getByRole('button', { name: 'Save Case Study' }).click()
    await page.getByText('Client is required').waitFor()
    expect(await page.getByLabel('Client').getAttribute('aria-describedby')).toBe('field-client-error')
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Made without scripts')
    expect(await page.getByLabel('Results').inputValue()).toBe('One result')

    await fillStudy(page, 'Made without scripts')
    await chooseCover(page)
    await page.getByRole('button', { name: 'Save Case Study' }).click()
    await page.waitForURL('**/admin/case-studies')
    expect(await rows(page).filter({ hasText: 'Made without scripts' }).count()).toBe(1)
    await page.context().close()
  })
  it("warns at the headline figure when another client's study shows it, and saves anyway, with or without JavaScript", async () => {
    const warning = 'Wag & Wade Doggy Daycare already shows this figure. Each result should belong to one client.'
    const editor = '/admin/case-studies/edit/personal-trainer'
    const page = await newPage()
    await signIn(page)
    await page.goto(editor)
    await waitForHydration(page)
    const shown = page.getByTestId('headline-figure-warning')
    expect(await shown.count()).toBe(0)
    await page.getByLabel('Headline figure').fill('+18 %')
    await expect.poll(() => shown.textContent()).toBe(warning)
    expect(await page.getByLabel('Headline figure').getAttribute('aria-describedby')).toBe('field-headlineFigure-hint')
    // Saved all the same, and back in its editor so the warning is seen.
    await page.getByRole('button', { name: 'Save Case Study' }).click()
    await expect.poll(() => toast(page, 'Case study updated successfully').count()).toBe(1)
    expect(new URL(page.url()).pathname).toBe(editor)
    expect(await shown.textContent()).toBe(warning)
    await page.context().close()

    // The server draws it, so a browser without scripts shows it too; a figure of its own saves to the list.
    const plain = await newPage({ javaScript: false })
    await signIn(plain, { javaScript: false })
    await plain.goto(editor)
    expect(await plain.getByTestId('headline-figure-warning').textContent()).toBe(warning)
    await plain.getByLabel('Headline figure').fill('1 in 3')
    await plain.getByRole('button', { name: 'Save Case Study' }).click()
    await plain.waitForURL('**/admin/case-studies')
    await plain.goto(editor)
    expect(await plain.getByTestId('headline-figure-warning').count()).toBe(0)
    await plain.context().close()
  })
})
