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
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading', 'decoding'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
    code: ['class'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedClasses: { code: [/^language-[\w-]+$/] },
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
