import { readFile } from 'node:fs/promises'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { describe, expect, it } from 'vitest'
import { waitForHydration } from '../support/browser'
import { useRunningSite } from '../support/site'

const site = useRunningSite()

async function open(javaScriptEnabled = true) {
  const context = await site.browser.newContext({
    baseURL: site.server.url,
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
    acceptDownloads: true,
  })
  const page = await context.newPage()
  await page.goto('/resources/ai-playbook')
  if (javaScriptEnabled) await waitForHydration(page)
  return page
}

describe('the playbook a visitor asks for', () => {
  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('arrives at once %s: a download of a real PDF, and no promise of an e-mail the site cannot send', async (_, javaScriptEnabled) => {
    const page = await open(javaScriptEnabled)
    await page.getByLabel('Your Name').fill('Rita Roofer')
    await page.getByLabel('Your Email').fill(`rita-${Date.now()}@example.com`)
    await page.getByRole('button', { name: 'Download Free Playbook' }).click()
    const link = page.getByTestId('playbook-download')
    await link.waitFor()
    // This server has no mail server set, so the page offers the link and never says "inbox".
    expect(await page.getByTestId('lead-form-sent').getByText('Your playbook is ready').count()).toBe(1)
    expect(await page.getByText('on its way to your inbox').count()).toBe(0)

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe('small-business-ai-playbook.pdf')
    const bytes = new Uint8Array(await readFile((await download.path())!))
    const pdf = await getDocument({ data: bytes, useSystemFonts: false }).promise
    expect(((await pdf.getMetadata()).info as { Title?: string }).Title).toBe('The Small Business AI Playbook')
    expect(pdf.numPages).toBeGreaterThanOrEqual(6)
    const cover = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ')
    expect(cover).toContain('Bayline AI')
    await page.context().close()
  })

  it('tells a visitor whose link expired or was cut short what happened, and offers the form again', async () => {
    const page = await open()
    const token = `${crypto.randomUUID()}.${Math.floor(Date.now() / 1000) - 60}.forged-signature`
    await page.goto(`/resources/ai-playbook/download/${token}`)
    expect(new URL(page.url()).search).toBe('?link=invalid')
    expect(await page.getByText('That download link is not one we recognise').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Download Free Playbook' }).isVisible()).toBe(true)
    await page.goto('/resources/ai-playbook?link=expired')
    expect(await page.getByText('That download link has expired').count()).toBe(1)
    await page.context().close()
  })
})
