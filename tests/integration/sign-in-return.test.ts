import { expect, it } from 'vitest'
import { loader as inboxMessageLoader } from '~/routes/admin/inbox-message'
import { action as loginAction, loader as loginLoader } from '~/routes/admin/login'
import { action as verifyAction, loader as verifyLoader } from '~/routes/admin/login-verify'
import { upsertAdmin } from '~/server/services/users.server'
import { cookiesFrom, formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'
import { codeFor, giveTwoFactor } from '../support/two-factor'

/*
 * Signing in returns to the admin page that sent the browser to the login page (a lead opened from an
 * e-mail), and never to another site, whatever `redirectTo` a link carries.
 */

const PASSWORD = 'a-long-password'
const LEAD = '/admin/inbox/some-lead-id'

describeEachDatabase('signing in returns to the page that asked for it', (getDb) => {
  let n = 0
  const ctx = () => testContext(getDb().db, `192.0.2.${++n % 250}`)
  async function freshAdmin() {
    const email = `returning${++n}@example.com`
    await upsertAdmin(getDb().db, email, PASSWORD)
    return email
  }
  const get = (path: string, cookie?: string) => new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} })

  it('sends a visitor from a lead to the login page naming it, and the signed-in admin back there', async () => {
    const context = ctx()
    const toLogin = (await callRoute(inboxMessageLoader, get(LEAD), context, { id: 'some-lead-id' })) as Response
    expect(toLogin.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Finbox%2Fsome-lead-id')

    const page = unwrap<{ returnTo: string | null }>(await callRoute(loginLoader, get(toLogin.headers.get('Location')!), context))
    expect(page.data.returnTo).toBe(LEAD)
    const email = await freshAdmin()
    const signedIn = (await callRoute(
      loginAction,
      formRequest('/admin/login?redirectTo=x', { email, password: PASSWORD, redirectTo: LEAD }),
      context,
    )) as Response
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get('Location')).toBe(LEAD)

    // Already signed in, the login page with a return path goes straight there.
    const again = (await callRoute(
      loginLoader,
      get(`/admin/login?redirectTo=${encodeURIComponent(LEAD)}`, cookiesFrom(signedIn)),
      context,
    )) as Response
    expect(again.headers.get('Location')).toBe(LEAD)
  })

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/resources/blog',
    '/admin/../evil',
  ])('ignores the return path %j: the post list, as without one', async (redirectTo) => {
    const context = ctx()
    const page = unwrap<{ returnTo: string | null }>(
      await callRoute(loginLoader, get(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`), context),
    )
    expect(page.data.returnTo).toBeNull()
    const email = await freshAdmin()
    const signedIn = (await callRoute(
      loginAction,
      formRequest('/admin/login', { email, password: PASSWORD, redirectTo }),
      context,
    )) as Response
    expect(signedIn.headers.get('Location')).toBe('/admin/blog')
    const again = (await callRoute(
      loginLoader,
      get(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`, cookiesFrom(signedIn)),
      context,
    )) as Response
    expect(again.headers.get('Location')).toBe('/admin/blog')
  })

  it('carries the return path through the two-factor step, and only a safe one', async () => {
    const email = await freshAdmin()
    const secret = await giveTwoFactor(getDb().db, email)
    const context = ctx()
    const passwordStep = (await callRoute(
      loginAction,
      formRequest('/admin/login', { email, password: PASSWORD, redirectTo: LEAD }),
      context,
    )) as Response
    expect(passwordStep.headers.get('Location')).toBe('/admin/login/verify?redirectTo=%2Fadmin%2Finbox%2Fsome-lead-id')
    const pending = cookiesFrom(passwordStep)
    const step = unwrap<{ returnTo: string | null }>(
      await callRoute(verifyLoader, get(passwordStep.headers.get('Location')!, pending), context),
    )
    expect(step.data.returnTo).toBe(LEAD)

    const forged = (await callRoute(
      verifyAction,
      formRequest('/admin/login/verify', { method: 'app', code: await codeFor(secret), redirectTo: '//evil.example' }, pending),
      context,
    )) as Response
    expect(forged.headers.get('Location')).toBe('/admin/blog')

    const again = (await callRoute(
      loginAction,
      formRequest('/admin/login', { email, password: PASSWORD, redirectTo: LEAD }),
      context,
    )) as Response
    const code = await codeFor(secret, Date.now() + 30_000)
    const signedIn = (await callRoute(
      verifyAction,
      formRequest('/admin/login/verify', { method: 'app', code, redirectTo: LEAD }, cookiesFrom(again)),
      context,
    )) as Response
    expect(signedIn.headers.get('Location')).toBe(LEAD)
  })
})

it('names no page for a form post: the form is not sent again after signing in', async () => {
  const { signInPathFor } = await import('~/lib/return-to')
  expect(signInPathFor(formRequest('/admin/people', {}))).toBe('/admin/login')
})
