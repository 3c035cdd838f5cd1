import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { toast, waitForHydration } from '../support/browser'
import { withServerDb } from '../support/server'
import { ADMIN, useRunningSite } from '../support/site'

const site = useRunningSite()

async function signedInPage({ javaScript = true } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: javaScript })
  const page = await context.newPage()
  await page.goto('/admin/login')
  if (javaScript) await waitForHydration(page)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/blog')
  return page
}

async function openTeam(page: Page) {
  await page.goto('/admin/team')
  await waitForHydration(page)
}

const row = (page: Page, name: string) => page.getByTestId('team-member-row').filter({ hasText: name })
const formAvatar = (page: Page) => page.locator('main form [data-slot="avatar"]')
const saveButton = (page: Page) => page.locator('main form button[type="submit"]')
const memberNamed = (name: string) =>
  withServerDb(site.server, (db) => db.selectFrom('team_members').selectAll().where('name', '=', name).executeTakeFirst())
const photo = () =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()

describe('managing the team', () => {
  it('adds a member with a photo who then shows on the About page, edits them keeping the photo, and deletes them', async () => {
    const page = await signedInPage()
    await openTeam(page)
    expect(await page.locator('thead th').allTextContents()).toEqual(['Name', 'Role', 'Order', 'Actions'])
    // The first start seeds the four fallback members.
    const names = await page.getByTestId('team-member-row').locator('th').allTextContents()
    expect(names).toHaveLength(4)
    // Seeded in the content's order, the founder first.
    expect(names[0]).toContain('Nicole Arceneaux')

    await page.getByRole('link', { name: 'Add Team Member' }).click()
    await page.waitForURL('**/admin/team/new')
    await page.getByRole('heading', { level: 1, name: 'Add Team Member' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Team Member Information' }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Back to Team Members' }).getAttribute('href')).toBe('/admin/team')
    expect(await page.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/admin/team')
    expect(await page.getByLabel('Name').getAttribute('placeholder')).toBe('John Doe')
    expect(await page.getByLabel('Role').getAttribute('placeholder')).toBe('CEO & Founder')
    expect(await page.getByLabel('Bio').getAttribute('placeholder')).toBe('Brief professional biography...')
    expect(await formAvatar(page).textContent()).toBe('?')
    expect(await page.getByText('Upload Image').isVisible()).toBe(true)

    // Checked in the browser before anything is sent.
    await saveButton(page).click()
    await expect.poll(() => page.locator('#field-name-error').textContent()).toBe('Name is required')
    expect(await page.locator('#field-role-error').textContent()).toBe('Role is required')
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => toast(page, 'Name is required').count()).toBe(1)

    await page.getByLabel('Name').fill('Rosa Delgado Marsh')
    await expect.poll(() => formAvatar(page).textContent()).toBe('RD')
    await page.getByLabel('Role').fill('Client Success Manager')
    await page.getByLabel('Bio').fill('Rosa keeps every rollout on schedule.')
    await page.locator('input[type="file"]').setInputFiles({ name: 'rosa.png', mimeType: 'image/png', buffer: await photo() })
    await page.getByLabel('Alt text').fill('Rosa smiling at the camera')
    await expect.poll(() => formAvatar(page).locator('img').getAttribute('src')).toMatch(/^blob:/)
    expect(await page.getByText('Change Image').isVisible()).toBe(true)

    // Holding the request a moment lets the busy state be seen.
    await page.route('**/admin/team/new*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 600))
      await route.fallback()
    })
    await saveButton(page).click()
    await expect.poll(() => saveButton(page).textContent()).toBe('Saving...')
    expect(await saveButton(page).isDisabled()).toBe(true)
    await page.waitForURL(/\/admin\/team$/)
    await expect.poll(() => toast(page, 'Team member created successfully').count()).toBe(1)
    const avatarSrc = await row(page, 'Rosa Delgado Marsh').locator('img').getAttribute('src')
    expect(avatarSrc).toMatch(/^\/media\/team_avatars\/[0-9a-f-]{36}\.png$/)
    expect(await row(page, 'Rosa Delgado Marsh').getByText('Client Success Manager').isVisible()).toBe(true)

    await page.goto('/about')
    const card = page.getByTestId('team-member').filter({ hasText: 'Rosa Delgado Marsh' })
    const image = card.locator('img')
    expect(await image.getAttribute('src')).toBe(avatarSrc)
    // Photos below the fold load as the visitor scrolls to them.
    await image.scrollIntoViewIfNeeded()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0)
    const served = await page.request.get(avatarSrc!)
    expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/png'])
    expect(await card.getByText('Rosa keeps every rollout on schedule.').isVisible()).toBe(true)

    await openTeam(page)
    await row(page, 'Rosa Delgado Marsh').getByRole('link', { name: 'Edit Rosa Delgado Marsh' }).click()
    await page.waitForURL(/\/admin\/team\/edit\/[0-9a-f-]+$/)
    await page.getByRole('heading', { level: 1, name: 'Edit Team Member' }).waitFor()
    expect(await formAvatar(page).locator('img').getAttribute('src')).toBe(avatarSrc)
    expect(await page.getByText('Change Image').isVisible()).toBe(true)
    expect(await page.getByLabel('Bio').inputValue()).toBe('Rosa keeps every rollout on schedule.')
    await page.getByLabel('Role').fill('Head of Client Success')
    await saveButton(page).click()
    await page.waitForURL(/\/admin\/team$/)
    await expect.poll(() => toast(page, 'Team member updated successfully').count()).toBe(1)
    await expect.poll(() => row(page, 'Rosa Delgado Marsh').getByText('Head of Client Success').isVisible()).toBe(true)
    const edited = (await memberNamed('Rosa Delgado Marsh'))!
    expect(edited.avatar_url).toBe(avatarSrc)
    expect(edited.updated_at > edited.created_at).toBe(true)

    await row(page, 'Rosa Delgado Marsh').getByRole('button', { name: 'Delete Rosa Delgado Marsh' }).click()
    const dialog = page.getByRole('alertdialog')
    expect(await dialog.getByText('Are you sure you want to delete this team member?').isVisible()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await row(page, 'Rosa Delgado Marsh').count()).toBe(1)
    await row(page, 'Rosa Delgado Marsh').getByRole('button', { name: 'Delete Rosa Delgado Marsh' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => toast(page, 'Team member deleted successfully').count()).toBe(1)
    await expect.poll(() => row(page, 'Rosa Delgado Marsh').count()).toBe(0)
    expect(await memberNamed('Rosa Delgado Marsh')).toBeUndefined()
    // The photo waits in the Trash with the member, so a restore brings it back.
    expect((await page.request.get(avatarSrc!)).status()).toBe(200)
    await page.context().close()
  })

  it('refuses files that are not images: in the browser by type, on the server by content', async () => {
    const page = await signedInPage()
    await page.goto('/admin/team/new')
    await waitForHydration(page)
    const fileInput = page.locator('input[type="file"]')
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
    await expect.poll(() => toast(page, 'Please select an image file').count()).toBe(1)
    expect(await fileInput.inputValue()).toBe('')

    await page.getByLabel('Name').fill('Pat Fake')
    await page.getByLabel('Role').fill('Tester')
    await fileInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('words dressed up as a png') })
    await page.getByLabel('Alt text').fill('Pat at the desk')
    await saveButton(page).click()
    await expect.poll(() => page.locator('form').getByText('Please select an image file').count()).toBe(1)
    expect(new URL(page.url()).pathname).toBe('/admin/team/new')
    expect(await page.getByLabel('Name').inputValue()).toBe('Pat Fake')
    expect(await page.getByLabel('Role').inputValue()).toBe('Tester')
    // The refused file is dropped, so the next save does not send it again.
    await expect.poll(() => fileInput.inputValue()).toBe('')
    expect(await memberNamed('Pat Fake')).toBeUndefined()
    await page.context().close()
  })

  it('works without JavaScript: errors come back next to their fields with every value kept', async () => {
    const page = await signedInPage({ javaScript: false })
    await page.goto('/admin/team/new')
    await page.getByLabel('Role').fill('Field Technician')
    await page.getByLabel('Bio').fill('Fixes what others cannot.')
    await saveButton(page).click()

    await page.locator('#field-name-error').waitFor()
    expect(await page.locator('#field-name-error').textContent()).toBe('Name is required')
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Name').getAttribute('aria-describedby')).toBe('field-name-error')
    expect(await page.getByLabel('Role').inputValue()).toBe('Field Technician')
    expect(await page.getByLabel('Bio').inputValue()).toBe('Fixes what others cannot.')

    await page.getByLabel('Name').fill('Noah Noscript')
    await page.locator('input[type="file"]').setInputFiles({ name: 'noah.png', mimeType: 'image/png', buffer: await photo() })
    await page.getByLabel('Alt text').fill('Noah in a work jacket')
    await saveButton(page).click()
    await page.waitForURL(/\/admin\/team$/)
    expect(await row(page, 'Noah Noscript').locator('img').getAttribute('src')).toMatch(/^\/media\/team_avatars\//)
    await page.context().close()
  })
})
