import { describe, expect, it } from 'vitest'
import { seedPages } from '~/content/pages/index'
import { BLOCKS } from '~/lib/blocks/catalog'
import { linkProblem } from '~/lib/blocks/fields'
import { MAIN_HEADING_MESSAGES, pageContentErrors, pageContentSchema } from '~/lib/page-content'

const header = (id: string, title = 'A title') => ({ id, type: 'page-header', data: { title } })
const page = (blocks: unknown[]) => ({ title: 'T', description: 'A page.', blocks })
const errorsOf = (content: unknown) => {
  const result = pageContentSchema.safeParse(content)
  return result.success ? {} : pageContentErrors(result.error)
}

describe('the seeded pages', () => {
  it('each parse as the editor checks a page, at paths of their own, with block ids unique on the page', () => {
    const paths = seedPages.map((seed) => seed.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const seed of seedPages) {
      const parsed = pageContentSchema.safeParse(seed.content)
      expect(parsed.success ? null : pageContentErrors(parsed.error), seed.path).toBeNull()
      const ids = seed.content.blocks.map((block) => block.id)
      expect(new Set(ids).size, seed.path).toBe(ids.length)
    }
  })
})

describe('a page’s checks', () => {
  it('takes a page whose first shown block holds its one main heading, and fills in what was left out', () => {
    const result = pageContentSchema.parse(page([header('a'), { id: 'b', type: 'team', data: {} }]))
    expect(result.blocks[1]).toMatchObject({ type: 'team', hidden: false, data: { title: '', tone: 'white' } })
  })

  it('refuses a second main heading, one that is not first, and a page without one, at the block', () => {
    expect(errorsOf(page([header('a'), header('b')]))).toEqual({ 'blocks.1.type': MAIN_HEADING_MESSAGES.second })
    expect(errorsOf(page([{ id: 'b', type: 'team', data: {} }, header('a')]))).toEqual({ 'blocks.1.type': MAIN_HEADING_MESSAGES.notFirst })
    expect(errorsOf(page([{ id: 'b', type: 'team', data: {} }]))).toEqual({ blocks: MAIN_HEADING_MESSAGES.missing })
    // A hidden header is not shown, so it is no second heading.
    expect(errorsOf(page([header('a'), { ...header('b'), hidden: true }]))).toEqual({})
  })

  it('refuses a missing required field, a javascript: link and an unknown block, each at its field', () => {
    expect(errorsOf(page([header('a', '  ')]))).toEqual({ 'blocks.0.data.title': 'Title is required' })
    const link = { id: 'c', type: 'cta-band', data: { buttonLabel: 'Go', buttonAction: 'link', buttonLink: 'javascript:alert(1)' } }
    expect(Object.keys(errorsOf(page([header('a'), link])))).toEqual(['blocks.1.data.buttonLink'])
    expect(Object.keys(errorsOf(page([header('a'), { id: 'x', type: 'script', data: {} }])))).toEqual(['blocks.1.type'])
  })

  it('refuses an anchor that is not lowercase letters, digits and dashes, at its field', () => {
    const band = (anchor: string) => page([header('a'), { id: 't', type: 'team', data: { anchor } }])
    expect(errorsOf(band('our-team'))).toEqual({})
    for (const anchor of ['Our Team', 'team#1', '-team', 'team--a', '"><b>'])
      expect(errorsOf(band(anchor)), anchor).toEqual({
        'blocks.1.data.anchor': 'Use lowercase letters, digits and dashes, such as our-services',
      })
  })

  it('keeps only the fields a block declares', () => {
    const result = pageContentSchema.parse(page([{ ...header('a'), data: { title: 'T', html: '<script>x</script>' } }]))
    expect(result.blocks[0]!.data).not.toHaveProperty('html')
  })
})

describe('links', () => {
  it('are site paths, bands of the page, https addresses or e-mail, never a script', () => {
    for (const ok of ['/contact', '/resources/blog?tag=ai', '#services', 'https://example.com/x', 'mailto:hello@example.com'])
      expect(linkProblem(ok), ok).toBeNull()
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'http://plain.example',
      'vbscript:x',
      '/a b',
      'contact',
    ])
      expect(linkProblem(bad), bad).not.toBeNull()
  })

  it('every block of the library has a label and a description', () => {
    for (const [type, block] of Object.entries(BLOCKS)) expect(block.label && block.description, type).toBeTruthy()
  })
})
