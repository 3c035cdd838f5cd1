import { describe, expect, it } from 'vitest'
import { withServerDb } from '../support/server'
import { signInThroughForm, useRunningSite } from '../support/site'

const site = useRunningSite()

describe('the dashboard’s suggestion to add team photos', () => {
  it('counts the members without a photo, links to the Team screen, and goes once none lacks one', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url })
    const page = await context.newPage()
    await signInThroughForm(page)
    const suggestion = page.getByTestId('team-photos-suggestion')

    // The seeded team has no photos.
    await page.goto('/admin')
    expect(await suggestion.textContent()).toContain('4 team members have no photo')
    expect(await suggestion.getByRole('link', { name: 'Add photos under Team Members' }).getAttribute('href')).toBe('/admin/team')

    const [first, ...rest] = await withServerDb(site.server, (db) =>
      db.selectFrom('team_members').select('id').orderBy('position').execute(),
    )
    const givePhotos = (ids: string[]) =>
      withServerDb(site.server, (db) =>
        db.updateTable('team_members').set({ avatar_url: '/media/images/photo.webp' }).where('id', 'in', ids).execute(),
      )
    await givePhotos(rest.map((member) => member.id))
    await page.reload()
    expect(await suggestion.textContent()).toContain('One team member has no photo')

    await givePhotos([first!.id])
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    expect(await suggestion.count()).toBe(0)

    // An empty team lacks no photo either.
    await withServerDb(site.server, (db) => db.deleteFrom('team_members').execute())
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    expect(await suggestion.count()).toBe(0)
    await context.close()
  })
})
