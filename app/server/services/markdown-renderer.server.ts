import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

/*
 * Post bodies are markdown written in the back office. markdown-it renders them with raw HTML
 * switched off, so anything that looks like a tag is shown as text; sanitize-html then keeps only
 * the elements and attributes markdown itself produces. Two independent layers: a bug in either one
 * still leaves no script, event handler or `javascript:` URL in the page.
 */
export const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true })

const defaultImageRule = markdown.renderer.rules.image!
markdown.renderer.rules.image = (tokens, idx, options, env, self) => {
  // Images inside an article are below the fold: let the browser fetch them when they come near.
  tokens[idx]!.attrSet('loading', 'lazy')
  tokens[idx]!.attrSet('decoding', 'async')
  return defaultImageRule(tokens, idx, options, env, self)
}

/*
 * A paragraph holding nothing but a link to a YouTube or Vimeo video becomes a poster drawn by us
 * (app.css, `.post-video`): a real link to the video, so no request reaches the provider until a
 * visitor asks for it, and post-video.enhance.ts swaps in the provider's player on click.
 */
export type VideoProvider = 'youtube' | 'vimeo'

const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' }
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const VIMEO_ID = /^\d{1,12}$/

/** The video a link points to, or null: only the addresses a reader copies from the provider's page, with a well-formed id. */
export function videoAt(href: string): { provider: VideoProvider; id: string } | null {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.replace(/^(www|m)\./, '')
  const [first = '', second = '', ...rest] = url.pathname.split('/').slice(1)
  let id: string | undefined
  if (host === 'youtube.com' && first === 'watch' && !second) id = url.searchParams.get('v') ?? undefined
  else if (host === 'youtube.com' && first === 'shorts' && rest.length === 0) id = second
  else if (host === 'youtu.be' && !second) id = first
  else if (host === 'vimeo.com' && !second && VIMEO_ID.test(first)) return { provider: 'vimeo', id: first }
  return id !== undefined && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null
}

/** The address the poster links to: the provider's own page for the video, whatever form the author pasted. */
const videoPage = ({ provider, id }: { provider: VideoProvider; id: string }) =>
  provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`

markdown.core.ruler.push('post_video', (state) => {
  const tokens = state.tokens
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [open, inline, close] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!]
    // A paragraph of its own (not one inside a list or a quote), holding one link and nothing else.
    if (open.type !== 'paragraph_open' || open.level !== 0 || close.type !== 'paragraph_close') continue
    const children = inline.children ?? []
    if (children.length < 3 || children[0]!.type !== 'link_open' || children.at(-1)!.type !== 'link_close') continue
    if (children.slice(1, -1).some((child) => child.type !== 'text')) continue
    const video = videoAt(String(children[0]!.attrGet('href') ?? ''))
    if (!video) continue
    const text = children
      .slice(1, -1)
      .map((child) => child.content)
      .join('')
      .trim()
    // A bare address names nothing; words given as the link's text are the video's title.
    const title = children[0]!.markup === 'linkify' || children[0]!.info === 'auto' ? '' : text
    const token = new state.Token('post_video', '', 0)
    token.meta = { ...video, title }
    tokens.splice(i, 3, token)
  }
})

markdown.renderer.rules.post_video = (tokens, idx) => {
  const { provider, id, title } = tokens[idx]!.meta as { provider: VideoProvider; id: string; title: string }
  const escape = markdown.utils.escapeHtml
  const name = PROVIDER_NAMES[provider]
  return (
    `<div class="post-video not-prose"><a class="post-video-poster" href="${videoPage({ provider, id })}" data-video="${provider}:${id}">` +
    (title ? `<span class="post-video-title">${escape(title)}</span>` : '') +
    `<span class="post-video-play"></span><span class="post-video-label">Play video on ${name}</span></a></div>\n`
  )
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    // Only the video poster above produces these (raw HTML is off), and only with its own classes.
    'div',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'class', 'data-video'],
    div: ['class'],
    span: ['class'],
    img: ['src', 'alt', 'title', 'loading', 'decoding'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
    code: ['class'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedClasses: {
    code: [/^language-[\w-]+$/],
    a: ['post-video-poster'],
    div: ['post-video', 'not-prose'],
    span: ['post-video-title', 'post-video-play', 'post-video-label'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the site must not hand the new page a handle on ours.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '')
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs }
    },
  },
}

/** Markdown as safe HTML. */
export function renderHtml(source: string): string {
  return sanitizeHtml(markdown.render(source), sanitizeOptions)
}

/*
 * This module is also the editor preview's worker thread (markdown.server.ts starts it): one module
 * of the server build holding the renderer alone, so the thread loads it and the two packages only.
 * The host bundle (server.ts) is one file and must not import it: its thread would load the host.
 */
export const RENDER_WORKER = 'markdown-render-worker'
export const rendererUrl = import.meta.url

if (!isMainThread && workerData === RENDER_WORKER) {
  parentPort!.on('message', ({ id, source }: { id: number; source: string }) => parentPort!.postMessage({ id, html: renderHtml(source) }))
}
