import { describe, expect, it } from 'vitest'
import { finishPostBody, mediaImagesIn } from '~/components/site/post-body.server'
import { bookingLabel } from '~/content/booking'
import { playerUrl } from '~/lib/video-players'
import { renderHtml, videoAt } from '~/server/services/markdown-renderer.server'

const YOUTUBE_ID = 'dQw4w9WgXcQ'

describe('a video link on a line of its own', () => {
  it('becomes a poster linking to the video, for every address a reader copies from YouTube or Vimeo', () => {
    for (const address of [
      `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
      `https://youtube.com/watch?v=${YOUTUBE_ID}&t=42s`,
      `https://m.youtube.com/watch?v=${YOUTUBE_ID}`,
      `https://youtu.be/${YOUTUBE_ID}`,
      `https://www.youtube.com/shorts/${YOUTUBE_ID}`,
      `<https://youtu.be/${YOUTUBE_ID}>`,
    ]) {
      const html = renderHtml(`Before.\n\n${address}\n\nAfter.`)
      expect(html, address).toBe(
        '<p>Before.</p>\n' +
          `<div class="post-video not-prose"><a class="post-video-poster" href="https://www.youtube.com/watch?v=${YOUTUBE_ID}" data-video="youtube:${YOUTUBE_ID}" rel="noopener noreferrer">` +
          '<span class="post-video-play"></span><span class="post-video-label">Play video on YouTube</span></a></div>\n' +
          '<p>After.</p>\n',
      )
    }
    expect(renderHtml('https://vimeo.com/76979871')).toContain(
      '<a class="post-video-poster" href="https://vimeo.com/76979871" data-video="vimeo:76979871" rel="noopener noreferrer">',
    )
    expect(renderHtml('https://vimeo.com/76979871')).toContain('Play video on Vimeo')
  })

  it('keeps a link’s words as the video’s title, escaped', () => {
    expect(renderHtml(`[How we <b>answer</b> calls](https://youtu.be/${YOUTUBE_ID})`)).toContain(
      '<span class="post-video-title">How we &lt;b&gt;answer&lt;/b&gt; calls</span>',
    )
  })

  it('leaves forged ids, other sites and links inside text as plain links', () => {
    for (const forged of [
      'https://youtu.be/short',
      'https://youtu.be/dQw4w9WgXcQx',
      'https://www.youtube.com/watch?v=dQw4w9WgX%22',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
      'https://vimeo.com/12a',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'javascript://youtu.be/dQw4w9WgXcQ',
    ])
      expect(renderHtml(forged), forged).not.toContain('data-video')
    expect(renderHtml(`Watch https://youtu.be/${YOUTUBE_ID} today.`)).not.toContain('data-video')
    expect(renderHtml(`- https://youtu.be/${YOUTUBE_ID}`)).not.toContain('data-video')
    expect(renderHtml(`> https://youtu.be/${YOUTUBE_ID}`)).not.toContain('data-video')
    expect(videoAt(`https://youtu.be/${YOUTUBE_ID}`)).toEqual({ provider: 'youtube', id: YOUTUBE_ID })
  })

  it('plays only a well-formed video, in the privacy-friendly players', () => {
    expect(playerUrl(`youtube:${YOUTUBE_ID}`)).toBe(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1`)
    expect(playerUrl('vimeo:76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1')
    for (const forged of ['youtube:short', `youtube:${YOUTUBE_ID}/../x`, 'vimeo:1x', 'evil:1', undefined])
      expect(playerUrl(forged)).toBeNull()
  })
})

describe('pasted markup', () => {
  it('is still shown as text or stripped: no script, frame, handler or javascript: address gets through', () => {
    const html = renderHtml(
      [
        '<script>alert(1)</script>',
        '<iframe src="https://evil.example"></iframe>',
        '[click](javascript:alert(1))',
        '![x](javascript:alert(1))',
        '<div class="post-video"><a data-video="youtube:dQw4w9WgXcQ" onclick="alert(1)">x</a></div>',
        '<img src=x onerror=alert(1)>',
      ].join('\n\n'),
    )
    // Shown as text, the paste may still read "onerror=" or "javascript:"; no tag the browser builds holds them.
    const tags = html.match(/<[a-z][^>]*>/gi) ?? []
    expect(tags.filter((tag) => /^<(script|iframe|div|img)|javascript:|\son\w+=|data-video/i.test(tag))).toEqual([])
    expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')
  })
})

describe('a finished post body', () => {
  const image = {
    src: '/media/images/blog/heron.png',
    alt: 'The file’s own words',
    width: 1200,
    height: 800,
    sources: [
      { type: 'image/avif' as const, srcSet: '/media/images/blog/heron.480w.avif 480w, /media/images/blog/heron.960w.avif 960w' },
      { type: 'image/webp' as const, srcSet: '/media/images/blog/heron.480w.webp 480w, /media/images/blog/heron.960w.webp 960w' },
    ],
  }

  it('draws our uploaded images with their copies and size, and leaves outside images as they were', () => {
    const body = renderHtml('![A "heron" & a pond](/media/images/blog/heron.png)\n\n![Outside](https://example.com/a.png)')
    expect(mediaImagesIn(body)).toEqual(['/media/images/blog/heron.png'])
    const html = finishPostBody(body, { [image.src]: image }, 'https://cal.example/book')
    expect(html).toContain(
      '<picture data-slot="responsive-image" class="contents">' +
        `<source type="image/avif" srcSet="${image.sources[0]!.srcSet}" sizes="(min-width: 768px) 720px, calc(100vw - 2rem)"/>` +
        `<source type="image/webp" srcSet="${image.sources[1]!.srcSet}" sizes="(min-width: 768px) 720px, calc(100vw - 2rem)"/>` +
        '<img src="/media/images/blog/heron.png" alt="A &quot;heron&quot; &amp; a pond" width="1200" height="800" loading="lazy" decoding="async"/></picture>',
    )
    expect(html).toContain('<img src="https://example.com/a.png" alt="Outside" loading="lazy" decoding="async" />')
  })

  it('turns a paragraph that is exactly [[booking]] into the booking button, and nothing else', () => {
    const html = finishPostBody(
      renderHtml('Ready?\n\n[[booking]]\n\nOr write to us: [[booking]] is how the line looks.\n\n`[[booking]]`'),
      {},
      'https://cal.example/book',
    )
    expect(html.match(/data-booking/g)).toHaveLength(1)
    expect(html).toContain(
      '<p class="not-prose my-8"><a href="https://cal.example/book" target="_blank" rel="noopener noreferrer" data-booking="strategy" data-slot="button"',
    )
    expect(html).toMatch(new RegExp(` class="inline-flex [^"]* h-12 px-6 text-base">${bookingLabel}</a></p>`))
    expect(html).toContain('<p>Or write to us: [[booking]] is how the line looks.</p>')
    expect(html).toContain('<p><code>[[booking]]</code></p>')
  })
})
