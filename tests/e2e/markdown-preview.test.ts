import { afterAll, beforeAll, expect, it } from 'vitest'
import { POST_LIMITS } from '~/lib/post-schema'
import { postForm, signInOverHttp } from '../support/http'
import { createAdmin, startServer, type RunningServer } from '../support/server'
import { ADMIN } from '../support/site'

// Its own server: the figures below are the event loop's, which another file's requests would move.
let server: RunningServer
let cookie = ''

beforeAll(async () => {
  server = await startServer()
  await createAdmin(server, ADMIN.email, ADMIN.password)
  cookie = await signInOverHttp(server.url, ADMIN.email, ADMIN.password)
})
afterAll(() => server?.stop())

/**
 * The slowest contents of the largest size a preview takes, among those tried against the renderer.
 * Line breaks are CRLF, as a form sends them, so the length is the one the server reads.
 */
const slowContents = ['![', '[a]: http://x\r\n\r\n[a] ', '# h\r\n'].map((unit) =>
  unit.repeat(POST_LIMITS.content).slice(0, POST_LIMITS.content),
)

const preview = (content: string) => {
  const form = new FormData()
  form.set('content', content)
  return postForm(server.url, '/admin/blog/preview', form, cookie)
}

/** The longest a /healthz request waited while `work` ran, asked one after another. */
async function longestHealthWait(work: Promise<unknown>): Promise<number> {
  let done = false
  const over = () => (done = true)
  work.then(over, over)
  let longest = 0
  while (!done) {
    const start = performance.now()
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    longest = Math.max(longest, performance.now() - start)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await work
  return longest
}

it('renders the largest preview a post can have without holding other requests', async () => {
  let longest = 0
  for (const content of slowContents) {
    const answer = preview(content)
    longest = Math.max(longest, await longestHealthWait(answer))
    const { status } = await answer
    expect(status).toBe(200)
  }
  console.log(`Longest /healthz wait during the largest previews: ${longest.toFixed(0)} ms`)
  // On the server's thread each of these held /healthz for one to two and a half seconds; off it, tens
  // of milliseconds, with room here for a busy test machine.
  expect(longest).toBeLessThan(400)
})

it('renders the preview as the post page does, and refuses more than a post holds with 413 and a message', async () => {
  const rendered = await preview('## Heading\n\n![alt](https://example.com/a.png) <script>x</script>')
  expect(await rendered.json()).toEqual({
    html: '<h2>Heading</h2>\n<p><img src="https://example.com/a.png" alt="alt" loading="lazy" decoding="async" /> &lt;script&gt;x&lt;/script&gt;</p>\n',
  })
  const tooLong = await preview('a'.repeat(POST_LIMITS.content + 1))
  expect(tooLong.status).toBe(413)
  expect(await tooLong.json()).toEqual({ html: null, message: expect.stringContaining('at most 200,000 characters') })
})
