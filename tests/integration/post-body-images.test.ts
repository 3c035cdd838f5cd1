import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { action as previewAction } from '~/routes/admin/post-preview'
import { loader as postLoader } from '~/routes/site/blog-post'
import { signIn } from '~/server/services/auth.server'
import { IMAGE_PLACES, saveImage } from '~/server/services/media.server'
import { upsertAdmin } from '~/server/services/users.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { formRequest, testContext } from '../support/context'
import { describeEachDatabase } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

type PostData = { post: { html: string } }

describeEachDatabase('a post body’s images, videos and booking line', (getDb) => {
  const db = () => getDb().db
  const ctx = () => testContext(db())
  let imageUrl = ''
  let cookie = ''
  let content = ''

  beforeAll(async () => {
    // Through the real media service: re-encoded, with its AVIF and WebP copies stored beside it.
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a5599' } })
      .png()
      .toBuffer()
    imageUrl = await saveImage(db(), new File([new Uint8Array(png)], 'harbour.png', { type: 'image/png' }), IMAGE_PLACES.post, {
      alt: 'The file’s own words',
      decorative: false,
    })
    content = [
      'We met the crew at the harbour.',
      `![The harbour at dawn](${imageUrl})`,
      '![A chart from elsewhere](https://example.com/chart.png)',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/forged',
      '[[booking]]',
      'Ask us, [[booking]] style, any time.',
      '<script>alert(1)</script> <iframe src="https://evil.example"></iframe> [x](javascript:alert(1))',
    ].join('\n\n')
    await upsertAdmin(db(), 'writer@example.com', 'a-long-password')
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'writer@example.com',
      password: 'a-long-password',
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  const publicHtml = async () => {
    const { slug } = await createTestPost(db(), await createTestAuthor(db()), { content })
    return unwrap<PostData>(await callRoute(postLoader, new Request(`http://localhost/resources/blog/${slug}`), ctx(), { slug })).data.post
      .html
  }
  const previewHtml = async () => {
    const answer = (await callRoute(previewAction, formRequest('/admin/blog/preview', { content }, cookie), ctx())) as Response
    return ((await answer.json()) as { html: string }).html
  }

  it('draws an uploaded image with its stored copies, width and height, on the post and in the preview alike', async () => {
    const html = await publicHtml()
    const base = imageUrl.replace(/\.png$/, '')
    const sizes = '(min-width: 768px) 720px, calc(100vw - 2rem)'
    expect(html).toContain(
      '<p><picture data-slot="responsive-image" class="contents">' +
        `<source type="image/avif" srcSet="${base}.480w.avif 480w, ${base}.960w.avif 960w, ${base}.1200w.avif 1200w" sizes="${sizes}"/>` +
        `<source type="image/webp" srcSet="${base}.480w.webp 480w, ${base}.960w.webp 960w, ${base}.1200w.webp 1200w" sizes="${sizes}"/>` +
        `<img src="${imageUrl}" alt="The harbour at dawn" width="1200" height="800" loading="lazy" decoding="async"/></picture></p>`,
    )
    // An outside image is left as the renderer wrote it.
    expect(html).toContain('<img src="https://example.com/chart.png" alt="A chart from elsewhere" loading="lazy" decoding="async" />')
    expect(await previewHtml()).toBe(html)
  })

  it('makes the poster and booking button of lines of their own only, and still strips what was pasted', async () => {
    const html = await publicHtml()
    expect(html.match(/data-video="/g)).toEqual(['data-video="'])
    expect(html).toContain('data-video="youtube:dQw4w9WgXcQ"')
    expect(html).toContain('<a href="https://youtu.be/forged" rel="noopener noreferrer">https://youtu.be/forged</a>')
    expect(html.match(/data-booking="strategy"/g)).toHaveLength(1)
    expect(html).toContain(`href="${ctx().config.bookingUrl}" target="_blank" rel="noopener noreferrer" data-booking="strategy"`)
    expect(html).toContain('<p>Ask us, [[booking]] style, any time.</p>')
    const tags = html.match(/<[a-z][^>]*>/gi) ?? []
    expect(tags.filter((tag) => /^<(script|iframe)|javascript:|\son\w+=/i.test(tag))).toEqual([])
  })
})
