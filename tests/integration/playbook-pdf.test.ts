import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { playbookGuide } from '~/content/playbook-guide'
import { type PlaybookFirm, playbookEdition, playbookPageCount, renderPlaybookPdf } from '~/server/services/playbook-pdf.server'

const firm: PlaybookFirm = {
  siteName: 'Harbor Light Consulting',
  siteUrl: 'https://harborlight.example',
  email: 'hello@harborlight.example',
  phone: '(228) 555-0199',
}

// pdfjs reads the shapes of the 14 built-in fonts from its own package instead of guessing (and warning).
const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/')

interface ReadPdf {
  info: { Title?: string; Author?: string; Creator?: string }
  pageTexts: string[]
}

/** Opens the PDF the way a reader would and keeps the metadata and the text of each page. */
async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise
  try {
    const { info } = await doc.getMetadata()
    const pageTexts: string[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent()
      pageTexts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
    }
    return { info: info as ReadPdf['info'], pageTexts }
  } finally {
    await doc.destroy()
  }
}

describe('the Small Business AI Playbook PDF', () => {
  let pdf: ReadPdf

  beforeAll(async () => {
    pdf = await readPdf(await renderPlaybookPdf(firm))
  })

  it('is titled as the playbook page promises and credits the firm', () => {
    expect(pdf.info.Title).toBe('The Small Business AI Playbook')
    expect(pdf.info.Author).toBe(firm.siteName)
    expect(pdf.info.Creator).toBe(firm.siteName)
  })

  it('has every planned page and no page that spilled over', () => {
    // A page that overflows its sheet adds one and shifts the numbers in the contents.
    expect(pdf.pageTexts.length).toBeGreaterThanOrEqual(6)
    expect(pdf.pageTexts).toHaveLength(playbookPageCount)
  })

  it('names the firm, carries the ROI worksheet and ends with the firm contact', () => {
    const text = pdf.pageTexts.join('\n')
    expect(text).toContain(firm.siteName)
    expect(text).toContain('ROI worksheet')
    const closing = pdf.pageTexts.at(-1) ?? ''
    expect(closing).toContain('30-minute AI readiness consultation')
    expect(closing).toContain(firm.email)
    expect(closing).toContain(firm.phone)
    expect(closing).toContain('harborlight.example/contact')
  })

  it('numbers the pages in the footer', () => {
    expect(pdf.pageTexts[1]).toContain(`Page 2 of ${playbookPageCount}`)
    expect(pdf.pageTexts.at(-1)).toContain(`Page ${playbookPageCount} of ${playbookPageCount}`)
  })

  it('tells the same case studies as the site', () => {
    const text = pdf.pageTexts.join('\n')
    for (const study of playbookGuide.caseStudiesPart.studies) expect(text).toContain(study.client)
  })
})

describe('playbookEdition', () => {
  it('is a short hex fingerprint that stays the same for the same firm', () => {
    const edition = playbookEdition(firm)
    expect(edition).toMatch(/^[0-9a-f]{16}$/)
    expect(playbookEdition({ ...firm })).toBe(edition)
    // A whole settings record may be passed in; fields the PDF does not show must not matter.
    const settings = { ...firm, linkedinUrl: 'https://linkedin.example/harbor-light' }
    expect(playbookEdition(settings)).toBe(edition)
  })

  it('changes when the site name changes', () => {
    expect(playbookEdition({ ...firm, siteName: 'Harbor Light AI' })).not.toBe(playbookEdition(firm))
  })

  it('changes with the other details printed in the PDF', () => {
    const edition = playbookEdition(firm)
    expect(playbookEdition({ ...firm, siteUrl: 'https://harborlight-ai.example' })).not.toBe(edition)
    expect(playbookEdition({ ...firm, email: 'team@harborlight.example' })).not.toBe(edition)
    expect(playbookEdition({ ...firm, phone: undefined })).not.toBe(edition)
  })
})

describe('the playbook copy', () => {
  // The PDF uses the built-in Helvetica, which can only draw Windows-1252 characters; anything else
  // (an arrow, a check mark) would print as a blank or a wrong glyph.
  const windows1252Extras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

  function undrawable(text: string) {
    return [...text].filter((ch) => {
      const code = ch.codePointAt(0) ?? 0
      return !((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || windows1252Extras.has(ch))
    })
  }

  it('uses only characters the built-in PDF font can draw', () => {
    expect(undrawable(JSON.stringify(playbookGuide))).toEqual([])
  })
})
