import { describe, expect, it } from 'vitest'
import { safeReturnPath, signInPathFor } from '~/lib/return-to'

describe('the page signing in returns to', () => {
  it.each([
    ['/admin/inbox/abc123', '/admin/inbox/abc123'],
    ['/admin', '/admin'],
    ['/admin/inbox?status=new&page=2', '/admin/inbox?status=new&page=2'],
    ['/admin/blog/edit/x', '/admin/blog/edit/x'],
  ])('follows the back-office path %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected)
  })

  it.each([
    '//evil.example',
    '//evil.example/admin',
    'https://evil.example',
    'https://evil.example/admin/inbox',
    'http:/evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '/admin\\..\\..\\evil',
    '\\\\evil.example',
    '/\t/evil.example',
    '/admin\n/x',
    '/%0a/evil.example',
    '/admin/../evil',
    '/admin/%2e%2e/%2e%2e/evil',
    '/administrator',
    '/resources/blog',
    'admin/inbox',
    '',
    `/admin/${'x'.repeat(2001)}`,
    null,
    42,
  ])('ignores %j: another site, a path outside the back office, or not a path', (value) => {
    expect(safeReturnPath(value)).toBeNull()
  })

  it('names the page a GET asked for on the way to the login page, never a form post', () => {
    expect(signInPathFor(new Request('http://localhost/admin/inbox/abc123'))).toBe('/admin/login?redirectTo=%2Fadmin%2Finbox%2Fabc123')
    expect(signInPathFor(new Request('http://localhost/admin/inbox?status=new'))).toBe(
      '/admin/login?redirectTo=%2Fadmin%2Finbox%3Fstatus%3Dnew',
    )
    expect(signInPathFor(new Request('http://localhost/admin/people', { method: 'POST' }))).toBe('/admin/login')
  })
})
