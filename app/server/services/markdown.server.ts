import { Worker } from 'node:worker_threads'

// Imported dynamically, so that the server build keeps the renderer in a module of its own, which
// the preview's worker thread loads without the rest of the application.
const { markdown, renderHtml, rendererUrl, RENDER_WORKER } = await import('./markdown-renderer.server')

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
  const html = renderHtml(source)
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

interface RenderWorker {
  worker: Worker
  waiting: Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>
}
let renderWorker: RenderWorker | null = null
let lastRenderId = 0

/**
 * A markdown text as safe HTML, rendered on a worker thread: a post's whole length of hostile
 * markdown takes the renderer seconds, which on the server's thread would hold every other request.
 * One thread, started on first use and again after it failed, takes the texts in turn.
 */
export function renderMarkdownOffThread(source: string): Promise<string> {
  const { worker, waiting } = (renderWorker ??= startRenderWorker())
  const id = ++lastRenderId
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    // The thread keeps the process alive while it has work, and only then.
    worker.ref()
    worker.postMessage({ id, source })
  })
}

function startRenderWorker(): RenderWorker {
  // Under vitest and the dev server the module is TypeScript, which the thread reads through tsx.
  const worker = rendererUrl.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(rendererUrl)}) })`, {
        eval: true,
        workerData: RENDER_WORKER,
      })
    : new Worker(new URL(rendererUrl), { workerData: RENDER_WORKER })
  const started: RenderWorker = { worker, waiting: new Map() }
  worker.on('message', ({ id, html }: { id: number; html: string }) => {
    started.waiting.get(id)?.resolve(html)
    started.waiting.delete(id)
    if (started.waiting.size === 0) worker.unref()
  })
  const fail = (error: Error) => {
    if (renderWorker === started) renderWorker = null
    for (const { reject } of started.waiting.values()) reject(error)
    started.waiting.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`The markdown worker stopped with code ${code}`)))
  return started
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
