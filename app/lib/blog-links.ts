/** What the public blog list shows: a search term, a tag and a page, all kept in the URL. */
export interface BlogListQuery {
  search: string
  tag: string
  page: number
}

export const BLOG_PATH = '/resources/blog'
const MAX_SEARCH_LENGTH = 100
const MAX_TAG_LENGTH = 50

// Control characters are never part of a post's text, and PostgreSQL refuses a NUL in any query.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/g

/**
 * Reads `?q=`, `?tag=` and `?page=` leniently: a bad page is page 1, over-long text is cut and
 * control characters are read as spaces.
 */
export function readBlogListQuery(params: URLSearchParams): BlogListQuery {
  const page = Number(params.get('page'))
  const text = (name: string, max: number) => (params.get(name) ?? '').replace(CONTROL_CHARACTERS, ' ').trim().slice(0, max)
  return {
    search: text('q', MAX_SEARCH_LENGTH),
    tag: text('tag', MAX_TAG_LENGTH),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** The list's address for a query, leaving out what is empty or default. */
export function blogListHref(query: Partial<BlogListQuery> = {}): string {
  const params = new URLSearchParams()
  if (query.search) params.set('q', query.search)
  if (query.tag) params.set('tag', query.tag)
  if (query.page && query.page > 1) params.set('page', String(query.page))
  const search = params.toString()
  return search ? `${BLOG_PATH}?${search}` : BLOG_PATH
}

export function postHref(slug: string): string {
  return `${BLOG_PATH}/${encodeURIComponent(slug)}`
}

export function tagHref(tag: string): string {
  return blogListHref({ tag })
}
