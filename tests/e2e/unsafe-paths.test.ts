import { describe, expect, it } from 'vitest'
import { ADMIN, useRunningSite } from '../support/site'

// Paths that try to leave the site: out of the media folders, or through a redirect to another host.
const site = useRunningSite()

describe('paths under /media', () => {
  it('answers plain, encoded and double-encoded traversal, backslashes and NUL bytes with 404 and no file', async () => {
    const attempts = [
      '/media/images/../../package.json',
      '/media/images/%2e%2e/%2e%2e/package.json',
      '/media/images/%2E%2E%2F%2E%2E%2Fpackage.json',
      '/media/images/%252e%252e%252fpackage.json',
      '/media/images/..%5c..%5cpackage.json',
      '/media/images/blog%00.png',
      '/media/..%2fsessions/x',
      '/media/files/anything',
    ]
    for (const path of attempts) {
      // Another spelling of a path is first sent to its canonical one (`%2E` is `.`): followed, it is 404 too.
      const response = await fetch(`${site.server.url}${path}`)
      const body = await response.text()
      expect(response.status, path).toBe(404)
      expect(new URL(response.url).origin, path).toBe(site.server.url)
      expect(body, path).not.toContain('"dependencies"')
    }
  })
})

describe('redirects', () => {
  it('sends a sign-in to the post list whatever return address the URL names', async () => {
    for (const query of [
      'redirectTo=https://evil.example',
      'returnTo=//evil.example',
      'next=%2F%2Fevil.example',
      'redirect=/\\evil.example',
    ]) {
      const response = await fetch(`${site.server.url}/admin/login?${query}`, {
        method: 'POST',
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
        redirect: 'manual',
      })
      expect(response.status, query).toBe(302)
      expect(response.headers.get('Location'), query).toBe('/admin/blog')
    }
  })

  it('never points a redirect at another host, whatever the path', async () => {
    const paths = [
      '//evil.example/',
      '//evil.example/%2e%2e',
      '/%2F%2Fevil.example',
      '/\\evil.example/',
      '/assets//evil.example/..',
      '/brand/..%2f..%2f',
      '/admin//evil.example',
    ]
    for (const path of paths) {
      const response = await fetch(`${site.server.url}${path}`, { redirect: 'manual' })
      const location = response.headers.get('Location')
      if (location) expect(new URL(location, site.server.url).host, `${path} -> ${location}`).toBe(new URL(site.server.url).host)
      expect(response.status, path).toBeLessThan(500)
    }
  })
})
