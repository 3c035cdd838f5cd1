import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalPath, loggedUrl } from '~/server/http/canonical-path.server'

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/About', '/about'],
    ['/ABOUT', '/about'],
    ['/%61bout', '/about'],
    ['/about/', '/about'],
    ['//about', '/about'],
    ['/Admin/People', '/admin/people'],
    ['/admin/%70eople', '/admin/people'],
    ['/admin/%50eople', '/admin/people'],
    ['/%61dmin/login', '/admin/login'],
    ['/admin/Inbox/export.csv', '/admin/inbox/export.csv'],
    ['/Admin/People.data', '/admin/people.data'],
    ['/foo/../admin/login', '/admin/login'],
    ['/foo/%2e%2e/admin/login', '/admin/login'],
    ['/assets/../admin/people', '/admin/people'],
    ['/\\admin/people', '/admin/people'],
    ['/resources/blog/caf%c3%a9', '/resources/blog/caf%C3%A9'],
    ['/a%2fb', '/a%2Fb'],
  ])('%s is %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical)
  })

  it('keeps the case of hashed assets, stored files and the tokens of links', () => {
    expect(canonicalPath('/assets/entry.client-B5rT.js')).toBe('/assets/entry.client-B5rT.js')
    expect(canonicalPath('/Media/images/Ab12.webp')).toBe('/media/images/Ab12.webp')
    expect(canonicalPath('/ADMIN/Reset-Password/AbC_-9')).toBe('/admin/reset-password/AbC_-9')
    expect(canonicalPath('/admin/invitation/AbC/')).toBe('/admin/invitation/AbC')
    expect(canonicalPath('/resources/AI-Playbook/download/X.Y')).toBe('/resources/ai-playbook/download/X.Y')
  })

  it('is its own canonical spelling, and the one the URL parser (React Router’s) reads too', () => {
    const character = fc.constantFrom(...'aZ09-._~%2F/\\é .'.split(''), '%2e', '%41', '%c3%a9', '..', '//')
    fc.assert(
      fc.property(fc.array(character, { maxLength: 24 }), (parts) => {
        const canonical = canonicalPath(`/${parts.join('')}`)
        expect(canonicalPath(canonical)).toBe(canonical)
        expect(new URL(`http://site${canonical}`).pathname).toBe(canonical)
        expect(canonical.startsWith('//')).toBe(false)
      }),
      { numRuns: 2_000 },
    )
  })
})

describe('loggedUrl', () => {
  it('replaces the token of a link in any spelling, and leaves other addresses as they are', () => {
    const token = 'Q2hhbmdlIG1lIGlmIHlvdSBjYW4gcmVhZCB0aGlzIHRva2Vu'
    expect(loggedUrl(`/admin/reset-password/${token}`)).toBe('/admin/reset-password/[token]')
    expect(loggedUrl(`/Admin/Invitation/${token}?x=1`)).toBe('/admin/invitation/[token]?x=1')
    expect(loggedUrl(`/admin/invitation/${token}.data`)).toBe('/admin/invitation/[token]')
    expect(loggedUrl(`/%61dmin/reset-password/${token}/`)).toBe('/admin/reset-password/[token]')
    expect(loggedUrl(`/resources/ai-playbook/download/${token}.sig`)).toBe('/resources/ai-playbook/download/[token]')
    expect(loggedUrl('/resources/blog?q=invitation')).toBe('/resources/blog?q=invitation')
    expect(loggedUrl('/About?utm_source=x')).toBe('/About?utm_source=x')
    expect(loggedUrl(`http://other.example/admin/invitation/${token}`)).toBe('http://other.example/admin/invitation/[token]')
    expect(loggedUrl('http://other.example/about')).toBe('http://other.example/about')
  })
})
