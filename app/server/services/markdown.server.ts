import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

/*
 * Post bodies are markdown written in the back office. markdown-it renders them with raw HTML
 * switched off, so anything that looks like a tag is shown as text; sanitize-html then keeps only
 * the elements and attributes markdown itself produces. Two independent layers: a bug in either one
 * still leaves no script, event handler or `javascript:` URL in the page.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true })

const defaultImageRule = markdown.renderer.rules.image!
markdown.renderer.rules.image = (tokens, idx, options, env, self) => {
  // Images inside an article are below the fold: let the browser fetch them when they come near.
  tokens[idx]!.attrSet('loading', 'lazy')
  tokens[idx]!.attrSet('decoding', 'async')
  return defaultImageRule(tokens, idx, options, env, self)
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote',
    'ul', 'ol', 'li', 'strong', 'em', 's', 'code', 'pre', 'a', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
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
// Rendering a post's markdown took an eighth of its page's CPU time on every visit, and the HTML
// follows from the text alone: the texts rendered last are kept with it, up to this many characters.
const KEPT_RENDERINGS_CHARS = 4_000_000
const keptRenderings = new Map<string, string>()
let keptChars = 0

/** A post's markdown as safe HTML, exactly as the public page shows it. */
export function renderMarkdown(source: string): string {
  const kept = keptRenderings.get(source)
  if (kept !== undefined) {
    // Moved to the end: the renderings least recently asked for are dropped first.
    keptRenderings.delete(source)
    keptRenderings.set(source, kept)
    return kept
  }
  const html = sanitizeHtml(markdown.render(source), sanitizeOptions)
  keepRendering(source, html)
  return html
}

function keepRendering(source: string, html: string) {
  const chars = source.length + html.length
  if (chars > KEPT_RENDERINGS_CHARS) return
  keptRenderings.set(source, html)
  keptChars += chars
  for (const [oldSource, oldHtml] of keptRenderings) {
    if (keptChars <= KEPT_RENDERINGS_CHARS) break
    keptRenderings.delete(oldSource)
    keptChars -= oldSource.length + oldHtml.length
  }
}

/** The words of a markdown text without its markup, on one line: for excerpts. */
export function plainText(source: string): string {
  const words: string[] = []
  for (const token of markdown.parse(source, {})) {
    if (token.type !== 'inline') continue
    for (const child of token.children ?? []) {
      if (child.type === 'text' || child.type === 'code_inline') words.push(child.content)
      else if (child.type === 'softbreak' || child.type === 'hardbreak') words.push(' ')
    }
    words.push(' ')
  }
  return words.join('').replace(/\s+/g, ' ').trim()
}

export const EXCERPT_LENGTH = 150

/**
 * An empty excerpt becomes the start of the content, read as text, within 150 characters: all of it
 * when it fits, else cut after the last whole word that fits with an ellipsis (a single word longer
 * than that is cut inside).
 */
export function excerptFrom(content: string): string {
  const text = plainText(content)
  if (text.length <= EXCERPT_LENGTH) return text
  const room = text.slice(0, EXCERPT_LENGTH - 1)
  const lastBreak = text[EXCERPT_LENGTH - 1] === ' ' ? room.length : room.lastIndexOf(' ')
  const cut = lastBreak > 0 ? room.slice(0, lastBreak) : room
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`
}
