/*
 * BlogList, and the posts reached from it: the list follows the search box as the
 * visitor types, and links within the blog (a post, a tag, the next page, back to the list) are
 * followed in place. Each is a fetch of the page the server would send anyway, whose regions replace
 * this page's, so the markup stays the server's own. Anything else, or an answer that is not a blog
 * page that loaded, is a normal page load. A bundle of its own (app/enhance/blog-list.ts), loaded
 * only by the pages whose handle names it.
 */
import { drawFailedImages } from '~/components/ui/image-fallback.enhance'
import type { Enhancement } from '~/enhance/enhancement'
import { BLOG_PATH, blogListHref } from '~/lib/blog-links'

const TYPING_PAUSE_MS = 250
const HEAD_TAGS = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'link[rel="canonical"]',
  'link[rel="alternate"]',
  'script[type="application/ld+json"]',
].join(',')

type HistoryChange = 'push' | 'replace' | 'none'

let pending: AbortController | null = null
let typingTimer: number | undefined

const isBlogPath = (path: string) => path === BLOG_PATH || (path.startsWith(`${BLOG_PATH}/`) && !path.endsWith('.xml'))
const searchForm = () => document.querySelector<HTMLFormElement>('main form[role="search"]')
const region = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-blog-region="${name}"]`)

/** The list's address for what the search form holds now. */
function searchHref(form: HTMLFormElement) {
  const fields = new FormData(form)
  return blogListHref({ search: String(fields.get('q') ?? '').trim(), tag: String(fields.get('tag') ?? '') })
}

/** What a history entry of the blog remembers: where the visitor had scrolled to when they left it. */
type BlogEntry = { blog: true; scrollY?: number }

async function visit(href: string, history: HistoryChange, scrollY?: number) {
  const url = new URL(href, location.href)
  const listInPlace = url.pathname === BLOG_PATH && region(document, 'results') !== null
  pending?.abort()
  const request = (pending = new AbortController())
  const leftAt = window.scrollY
  // A search still waiting for the typing to pause would undo a link followed meanwhile.
  window.clearTimeout(typingTimer)
  if (listInPlace) showLoading()
  try {
    const response = await fetch(url, { signal: request.signal, headers: { Accept: 'text/html' } })
    const page = response.ok ? new DOMParser().parseFromString(await response.text(), 'text/html') : null
    // A later visit has taken over: this answer, whatever it is, no longer matters.
    if (request.signal.aborted) return
    // A page that failed (an error, a 404) or is not the blog after all is loaded as a page.
    const finalUrl = new URL(response.url)
    if (!page || !isBlogPath(finalUrl.pathname)) return location.assign(finalUrl)
    const swapped = listInPlace && region(page, 'results') ? swapRegions(page, finalUrl) : swapMain(page, finalUrl, scrollY)
    if (!swapped) return location.assign(finalUrl)
    replaceHead(page)
    const entry: BlogEntry = { blog: true }
    if (history === 'push') {
      window.history.replaceState({ ...entry, scrollY: leftAt } satisfies BlogEntry, '')
      window.history.pushState(entry, '', finalUrl)
    }
    if (history === 'replace') window.history.replaceState(entry, '', finalUrl)
  } catch {
    // Offline or refused: the browser's own page load says so better than a half-swapped page.
    if (!request.signal.aborted) location.assign(url)
  }
}

/** The placeholders the server left in a <template>, while the next results load. */
function showLoading() {
  const results = region(document, 'results')!
  const loading = document.querySelector<HTMLTemplateElement>('template[data-blog-loading]')
  results.setAttribute('aria-busy', 'true')
  if (loading) results.replaceChildren(loading.content.cloneNode(true))
  region(document, 'pagination')?.replaceChildren()
}

/** Another view of the list: its summary, results and pages change; the search box the visitor types in stays. */
function swapRegions(page: Document, url: URL) {
  for (const name of ['summary', 'results', 'pagination']) {
    const mine = region(document, name)
    const theirs = region(page, name)
    if (!mine || !theirs) return false
    mine.replaceChildren(...document.adoptNode(theirs).childNodes)
    mine.removeAttribute('aria-busy')
    drawFailedImages(mine)
  }
  syncSearchForm(url)
  // A tag or a page chosen far down the list shows the new list from its top.
  const results = region(document, 'results')!
  if (results.getBoundingClientRect().top < 0) results.scrollIntoView({ block: 'start' })
  return true
}

/** Back, Forward and the 'Clear' links change the search from outside; what is being typed is kept. */
function syncSearchForm(url: URL) {
  const form = searchForm()
  if (!form) return
  const input = form.elements.namedItem('q')
  if (input instanceof HTMLInputElement && document.activeElement !== input) input.value = url.searchParams.get('q') ?? ''
  const tag = url.searchParams.get('tag')
  let hidden = form.querySelector<HTMLInputElement>('input[type="hidden"][name="tag"]')
  if (tag && !hidden) {
    hidden = Object.assign(document.createElement('input'), { type: 'hidden', name: 'tag' })
    form.append(hidden)
  }
  if (hidden && tag) hidden.value = tag
  else hidden?.remove()
}

/** Another page of the blog (a post, or the list from a post): its whole main content, read from the top. */
function swapMain(page: Document, url: URL, scrollY?: number) {
  const mine = document.querySelector('main')
  const theirs = page.querySelector('main')
  if (!mine || !theirs) return false
  const main = document.adoptNode(theirs)
  mine.replaceWith(main)
  drawFailedImages(main)
  const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)))
  if (scrollY !== undefined) window.scrollTo(0, scrollY)
  else if (target) target.scrollIntoView()
  else window.scrollTo(0, 0)
  // As after a page load, a screen reader starts from the new content.
  main.focus({ preventScroll: true })
  return true
}

/** The title and what describes the page to search engines and link previews. */
function replaceHead(page: Document) {
  document.title = page.title
  for (const tag of document.head.querySelectorAll(HEAD_TAGS)) tag.remove()
  document.head.append(...[...page.head.querySelectorAll(HEAD_TAGS)].map((tag) => document.adoptNode(tag)))
}

function followLink(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const link = (event.target as Element).closest?.('a')
  if (!link || link.target || link.hasAttribute('download') || link.origin !== location.origin || !isBlogPath(link.pathname)) return
  // A jump within the same page is the browser's own.
  if (link.pathname === location.pathname && link.search === location.search && link.hash) return
  event.preventDefault()
  void visit(link.href, 'push')
}

function followTyping(event: Event) {
  const input = event.target as HTMLInputElement
  const form = searchForm()
  if (!form || input.form !== form || input.name !== 'q') return
  window.clearTimeout(typingTimer)
  // Replacing the history entry, so Back leaves the blog in one step rather than letter by letter.
  typingTimer = window.setTimeout(() => void visit(searchHref(form), 'replace'), TYPING_PAUSE_MS)
}

function submitSearch(event: SubmitEvent) {
  const form = searchForm()
  if (event.target !== form || !form) return
  event.preventDefault()
  void visit(searchHref(form), 'push')
}

export const blogList: Enhancement = {
  widget: 'blog list',
  wire() {
    // The first entry is marked too, so Back to it is also answered in place, where the visitor was.
    window.history.replaceState({ blog: true } satisfies BlogEntry, '')
    document.addEventListener('click', followLink)
    document.addEventListener('input', followTyping)
    document.addEventListener('submit', submitSearch)
    window.addEventListener('popstate', (event) => {
      const entry = event.state as BlogEntry | null
      if (entry?.blog) void visit(location.href, 'none', entry.scrollY)
    })
  },
}
