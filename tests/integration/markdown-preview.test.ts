import { beforeAll, expect, it } from 'vitest'
import { POST_LIMITS } from '~/lib/post-schema'
import { action as previewAction } from '~/routes/admin/post-preview'
import { renderMarkdown } from '~/server/services/markdown.server'
import { signIn } from '~/server/services/auth.server'
import { upsertAdmin } from '~/server/services/users.server'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute } from '../support/route-args'

describeEachDatabase('the post editor’s markdown preview', (getDb) => {
  const ctx = () => testContext(getDb().db)
  let cookie = ''
  beforeAll(async () => {
    await upsertAdmin(getDb().db, 'previewer@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'previewer@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })
  const preview = async (content: string) =>
    (await callRoute(previewAction, formRequest('/admin/blog/preview', { content }, cookie), ctx())) as Response

  it('renders as the post page does, on a thread of its own: the largest hostile text leaves this one free', async () => {
    const hostile = '!['.repeat(POST_LIMITS.content / 2)
    // The longest the event loop went without a turn while the preview was made.
    let longestGap = 0
    let last = performance.now()
    const tick = () => {
      longestGap = Math.max(longestGap, performance.now() - last)
      last = performance.now()
    }
    const ticks = setInterval(tick, 5)
    const answer = await preview(hostile)
    tick()
    clearInterval(ticks)
    // Rendered on this thread, the text held it for about a second.
    expect(longestGap).toBeLessThan(200)
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { html: string }).html).toBe(renderMarkdown(hostile))
  })

  it('refuses more than a post’s content holds with 413 and a message', async () => {
    const answer = await preview('a'.repeat(POST_LIMITS.content + 1))
    expect(answer.status).toBe(413)
    expect(await answer.json()).toEqual({ html: null, message: expect.stringContaining('at most 200,000 characters') })
  })
})
