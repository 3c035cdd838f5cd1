import { beforeAll, describe, expect, it } from 'vitest'
import { caseStudies } from '~/content/case-studies'
import { playbookGuide } from '~/content/playbook-guide'
import {
  type PlaybookCaseStudy,
  type PlaybookFirm,
  playbookEdition,
  playbookPageCount,
  PRINTED_STUDIES,
  renderPlaybookPdf,
} from '~/server/services/playbook-pdf.server'
import { readPdf, type ReadPdf } from '../support/pdf'

const firm: PlaybookFirm = {
  siteName: 'Harbor Light Consulting',
  siteUrl: 'https://harborlight.example',
  bookingUrl: 'https://cal.example/harbor-light/intro-call',
  email: 'hello@harborlight.example',
  phone: '(228) 555-0199',
}

/** The site's own stories, as the database holds them after seeding. */
const studies: PlaybookCaseStudy[] = caseStudies.map((study) => ({ ...study, slug: study.id }))

describe('the Small Business AI Playbook PDF', () => {
  let pdf: ReadPdf

  beforeAll(async () => {
    pdf = await readPdf(await renderPlaybookPdf(firm, studies))
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
    expect(closing).toMatch(/Book online\s+cal\.example\/harbor-light\/intro-call/)
  })

  it('numbers the pages in the footer', () => {
    expect(pdf.pageTexts[1]).toContain(`Page 2 of ${playbookPageCount}`)
    expect(pdf.pageTexts.at(-1)).toContain(`Page ${playbookPageCount} of ${playbookPageCount}`)
  })

  it('tells the first case studies of the site, each with the address of its whole story', () => {
    const text = pdf.pageTexts.join('\n')
    for (const study of studies.slice(0, PRINTED_STUDIES)) {
      expect(text).toContain(study.title)
      expect(text).toContain(`harborlight.example/case-studies/${study.slug}`)
    }
    expect(text).not.toContain(studies[PRINTED_STUDIES]!.title)
    // The headline's arrow, which Helvetica cannot draw, reads as a word.
    expect(text).toContain('30 to 4')
  })

  it('keeps to its pages however long the stories typed in the back office are', async () => {
    const long = (word: string, length: number) => `${word} `.repeat(length).slice(0, length)
    const longest: PlaybookCaseStudy = {
      slug: 'a-long-story',
      title: long('Wordy', 200),
      client: long('Client', 200),
      industry: long('Industry', 100),
      challenge: long('Problem', 4000),
      solution: long('Solution', 4000),
      results: Array.from({ length: 10 }, (_, i) => long(`Result${i}`, 500)),
      testimonial: { quote: long('Quote', 2000), author: long('Author', 200), position: long('Position', 200) },
      headline: { figure: long('9999', 60), label: long('Label', 200) },
    }
    const read = await readPdf(
      await renderPlaybookPdf(
        firm,
        Array.from({ length: PRINTED_STUDIES }, (_, i) => ({ ...longest, slug: `story-${i}` })),
      ),
    )
    expect(read.pageTexts).toHaveLength(playbookPageCount)
    expect(read.pageTexts.join(' ')).toContain('\u2026')
  })
})

describe('playbookEdition', () => {
  it('is a short hex fingerprint that stays the same for the same firm', () => {
    const edition = playbookEdition(firm, studies)
    expect(edition).toMatch(/^[0-9a-f]{16}$/)
    expect(playbookEdition({ ...firm }, studies)).toBe(edition)
    // A whole settings record may be passed in; fields the PDF does not show must not matter.
    const settings = { ...firm, linkedinUrl: 'https://linkedin.example/harbor-light' }
    expect(playbookEdition(settings, studies)).toBe(edition)
  })

  it('changes when the site name changes', () => {
    expect(playbookEdition({ ...firm, siteName: 'Harbor Light AI' }, studies)).not.toBe(playbookEdition(firm, studies))
  })

  it('changes with the other details printed in the PDF', () => {
    const edition = playbookEdition(firm, studies)
    expect(playbookEdition({ ...firm, siteUrl: 'https://harborlight-ai.example' }, studies)).not.toBe(edition)
    expect(playbookEdition({ ...firm, email: 'team@harborlight.example' }, studies)).not.toBe(edition)
    expect(playbookEdition({ ...firm, phone: undefined }, studies)).not.toBe(edition)
    expect(playbookEdition({ ...firm, bookingUrl: 'https://cal.example/harbor-light/another' }, studies)).not.toBe(edition)
  })

  it('changes with the case studies it prints, and only with them', () => {
    const edition = playbookEdition(firm, studies)
    const [first, ...others] = studies
    expect(playbookEdition(firm, [{ ...first!, title: 'A renamed story' }, ...others])).not.toBe(edition)
    expect(playbookEdition(firm, [{ ...first!, results: ['A new result'] }, ...others])).not.toBe(edition)
    expect(playbookEdition(firm, studies.slice(1))).not.toBe(edition)
    // A story past the printed ones, or a field the PDF does not show, leaves it as it was.
    expect(playbookEdition(firm, [...studies.slice(0, PRINTED_STUDIES), { ...studies[PRINTED_STUDIES]!, title: 'Not printed' }])).toBe(
      playbookEdition(firm, studies.slice(0, PRINTED_STUDIES)),
    )
    expect(
      playbookEdition(
        firm,
        studies.map((study) => ({ ...study, imageUrl: '/illustrations/other.svg', briefDesc: 'Other' })),
      ),
    ).toBe(edition)
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
