import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { beforeAll, expect, it } from 'vitest'
import type { LeadFormResult } from '~/server/http/lead-form.server'
import { loader as downloadLoader } from '~/routes/site/playbook-download'
import { getSiteSettingsToEdit, saveSiteSettings } from '~/server/repositories/settings.server'
import { checkDownloadToken, downloadToken, playbookFirm, storedPlaybook } from '~/server/services/playbook.server'
import { action as pageAction, loader as pageLoader } from '~/routes/site/page'
import { seedPagesOnce } from '~/server/services/seed-pages.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { readPdf } from '../support/pdf'
import { useSmtpServer } from '../support/smtp'

// A real SMTP server on loopback receives what the site sends.
const { mails: received, url: smtpAddress } = useSmtpServer()

const DAY_MS = 24 * 60 * 60 * 1000

describeEachDatabase('the playbook a lead downloads', (getDb) => {
  // The forms post to their pages, which the seed creates.
  beforeAll(async () => {
    await seedPagesOnce(getDb().db)
  })
  const db = () => getDb().db
  let address = 0
  // Each request comes from its own address, clear of the per-address limit.
  const ctx = (config: object = {}) => {
    const base = testContext(db(), `203.0.113.${++address}`)
    return { ...base, config: { ...base.config, ...config } }
  }
  const request = async (fields: Record<string, string>, config?: object) =>
    unwrap<LeadFormResult>(await callRoute(pageAction, formRequest('/resources/ai-playbook', fields), ctx(config))).data
  const download = async (token: string) =>
    (await callRoute(downloadLoader, new Request(`http://localhost/resources/ai-playbook/download/${token}`), ctx(), { token })) as Response
  const storedEditions = async () => db().selectFrom('files').select('path').where('bucket', '=', 'documents').execute()

  it('gives a link at once, without promising an e-mail, that downloads a real PDF of the playbook', async () => {
    const result = await request({ name: 'Ada Owner', email: 'ada@example.com', business: 'Ada Plumbing' })
    expect(result).toMatchObject({ status: 'sent', playbook: { emailed: false } })
    const link = (result as { playbook: { download: string } }).playbook.download
    expect(link).toMatch(/^\/resources\/ai-playbook\/download\/[^/]+$/)

    const response = await download(link.split('/').pop()!)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="small-business-ai-playbook.pdf"')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise
    expect(((await pdf.getMetadata()).info as { Title?: string }).Title).toBe('The Small Business AI Playbook')
    expect(pdf.numPages).toBeGreaterThanOrEqual(6)
    expect(await storedEditions()).toHaveLength(1)
  })

  it('e-mails the same link to the lead when a mail server is set, and only then promises the inbox', async () => {
    received.length = 0
    const result = await request({ name: 'Bo Baker', email: 'bo@example.com' }, { smtpUrl: smtpAddress() })
    expect(result).toMatchObject({ status: 'sent', playbook: { emailed: true } })
    const link = (result as { playbook: { download: string } }).playbook.download
    const toLead = received.find((mail) => /^To: Bo Baker <bo@example.com>/m.test(mail))!
    expect(toLead).toContain('Subject: Your copy of The Small Business AI Playbook')
    // Quoted-printable may fold the long link; unfolded it is the page's link on the site's address.
    expect(toLead.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(`http://localhost:3000${link}`)

    const down = await request({ name: 'Cy Down', email: 'cy@example.com' }, { smtpUrl: 'smtp://127.0.0.1:9' })
    expect(down).toMatchObject({ status: 'sent', playbook: { emailed: false } })
  })

  it('serves every lead the same stored bytes, rendered once even when asked for at the same moment', async () => {
    const firm = await playbookFirm(ctx())
    const copies = await Promise.all([storedPlaybook(db(), firm), storedPlaybook(db(), firm), storedPlaybook(db(), firm)])
    expect(copies[1]!.equals(copies[0]!)).toBe(true)
    expect(copies[2]!.equals(copies[0]!)).toBe(true)
    expect(await storedEditions()).toHaveLength(1)
  })

  it('makes a new edition when the contact e-mail changes, and drops the old one', async () => {
    const before = (await storedEditions()).map((row) => row.path)
    const base = ctx()
    const { settings, version } = await getSiteSettingsToEdit(db(), base.config)
    expect(await saveSiteSettings(db(), { ...settings, contactEmail: 'new-desk@example.com' }, version, null)).toBe('saved')
    await storedPlaybook(db(), await playbookFirm(base))
    const after = (await storedEditions()).map((row) => row.path)
    expect(after).toHaveLength(1)
    expect(after).not.toEqual(before)
  })

  it('makes a new edition when a case study or the booking URL is edited, and prints the new ones', async () => {
    const base = ctx()
    const edition = async () => (await storedEditions()).map((row) => row.path)
    const now = new Date().toISOString()
    await db()
      .insertInto('case_studies')
      .values({
        id: 'bakery-orders',
        slug: 'bakery-orders',
        title: 'A bakery answers every order call',
        client: 'Crescent Bakery',
        industry: 'Food',
        brief_desc: 'Brief',
        challenge: 'Orders came in while the ovens were full.',
        solution: 'An assistant takes the orders.',
        results: JSON.stringify(['No missed orders']),
        image: '/illustrations/retail.svg',
        testimonial_quote: 'We bake, it answers.',
        testimonial_author: 'Lena Boudreaux',
        testimonial_position: 'Owner',
        tags: '[]',
        headline_figure: null,
        headline_label: null,
        seo_title: null,
        meta_description: null,
        social_image: null,
        position: 0,
        created_at: now,
        updated_at: now,
      })
      .execute()
    expect((await readPdf(await storedPlaybook(db(), await playbookFirm(base)))).pageTexts.join('\n')).toContain(
      'A bakery answers every order call',
    )
    const first = await edition()

    await db()
      .updateTable('case_studies')
      .set({ title: 'A bakery takes orders while it sleeps' })
      .where('id', '=', 'bakery-orders')
      .execute()
    await storedPlaybook(db(), await playbookFirm(base))
    const second = await edition()
    expect(second).toHaveLength(1)
    expect(second).not.toEqual(first)

    const { settings, version } = await getSiteSettingsToEdit(db(), base.config)
    expect(await saveSiteSettings(db(), { ...settings, bookingUrl: 'https://booking.example/harbor-call' }, version, null)).toBe('saved')
    const text = (await readPdf(await storedPlaybook(db(), await playbookFirm(base)))).pageTexts.join('\n')
    const third = await edition()
    expect(third).toHaveLength(1)
    expect(third).not.toEqual(second)
    expect(text).toContain('A bakery takes orders while it sleeps')
    expect(text).toMatch(/Book online\s+booking\.example\/harbor-call/)
  })

  it('sends an expired, forged, cut-short or foreign link back to the page, which says why', async () => {
    const secret = ctx().config.cookieSecret
    const result = (await request({ name: 'Di Late', email: 'di@example.com' })) as { playbook: { download: string } }
    const token = result.playbook.download.split('/').pop()!
    const leadId = (checkDownloadToken(secret, token) as { leadId: string }).leadId
    const expired = downloadToken(secret, leadId, Date.now() - 8 * DAY_MS)
    const foreign = downloadToken('another-site-secret', leadId)
    const contactLead = await db()
      .insertInto('inquiries')
      .values({
        id: crypto.randomUUID(),
        kind: 'contact',
        name: 'C',
        email: 'c@example.com',
        business: null,
        message: 'Hi',
        ip: null,
        created_at: new Date().toISOString(),
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()

    const cases: [string, string][] = [
      [expired, 'expired'],
      [foreign, 'invalid'],
      [token.slice(0, -4), 'invalid'],
      ['not-a-token', 'invalid'],
      [downloadToken(secret, contactLead.id), 'invalid'],
      [downloadToken(secret, crypto.randomUUID()), 'invalid'],
    ]
    for (const [sent, reason] of cases) {
      const response = await download(sent)
      expect(response.status, sent).toBe(302)
      expect(response.headers.get('Location')).toBe(`/resources/ai-playbook?link=${reason}`)
    }
    // What the page's playbook form is told about the link it was sent back from.
    const linkNotice = async (query: string) => {
      const page = await callRoute(pageLoader, new Request(`http://localhost/resources/ai-playbook?${query}`), ctx())
      if (page instanceof Response) throw new Error(`the playbook page answered ${page.status}`)
      return page.blocks.find((block) => block.type === 'playbook-form')?.extra
    }
    for (const reason of ['expired', 'invalid'] as const) {
      expect(await linkNotice(`link=${reason}`)).toEqual({ link: reason })
    }
    expect(await linkNotice('link=<b>')).toEqual({ link: null })
  })
})
