/** Signs in through the login form over plain HTTP and returns the Cookie header to send back. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  })
  const session = response.headers.getSetCookie().find((c) => c.startsWith('session='))
  if (response.status !== 302 || !session) throw new Error(`sign-in failed with ${response.status}`)
  return session.split(';')[0]!
}

/** Posts a form as a signed-in admin would, without following the redirect. */
export function postForm(baseUrl: string, path: string, fields: Record<string, string> | FormData, cookie: string) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    body: fields instanceof FormData ? fields : new URLSearchParams(fields),
    headers: { Cookie: cookie },
    redirect: 'manual',
  })
}

/** The HTML an anonymous visitor gets. */
export async function visit(baseUrl: string, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${baseUrl}${path}`)
  return { status: response.status, html: await response.text() }
}
