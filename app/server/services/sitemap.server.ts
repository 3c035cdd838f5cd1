import { seedPages } from '~/content/pages/index'
import { BLOG_PATH, postHref } from '~/lib/blog-links'
import { caseStudyHref } from '~/lib/case-study-links'
import { nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'
import { listCaseStudyDates } from '~/server/repositories/case-studies.server'
import { listPageSearchFields } from '~/server/repositories/page-search-fields.server'
import { visiblePagePaths } from '~/server/repositories/pages.server'
import { listPublishedPostsForFeed } from '~/server/repositories/posts.server'

/** The pages that list records (case studies, posts): routes of their own, with their search fields under Settings. */
export const recordListPaths = ['/case-studies', BLOG_PATH]

/**
 * The site's pages as it launched, less the industries' (each has a parameter in the old sense), and
 * the two record lists: what the browser tests and the Lighthouse audit open, and what a unit test
 * compares with the route table. The sitemap itself lists the pages published now.
 */
export const publicPagePaths = [
  ...seedPages.map((page) => page.path).filter((path) => !path.startsWith('/industries/')),
  ...recordListPaths,
]

// The protocol's limit for one sitemap file.
const MAX_URLS = 50_000

export interface SitemapEntry {
  path: string
  lastModified?: string
}

/** The published pages and the two record lists, every case study and every published post, less those hidden from search engines. */
export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [pages, listSearch, studies] = await Promise.all([visiblePagePaths(db, nowIso()), listPageSearchFields(db), listCaseStudyDates(db)])
  const shownPages = pages.filter((page) => !page.hidden)
  const lists = recordListPaths.filter((path) => !listSearch.get(path)?.fields.hidden)
  const posts = (await listPublishedPostsForFeed(db, MAX_URLS - shownPages.length - lists.length - studies.length)).filter(
    (post) => !post.hidden,
  )
  return [
    ...shownPages.map((page) => ({ path: page.path, lastModified: page.updatedAt })),
    ...lists.map((path) => ({ path })),
    ...studies.map((study) => ({ path: caseStudyHref(study.slug), lastModified: study.updatedAt })),
    ...posts.map((post) => ({
      path: postHref(post.slug),
      // A scheduled post goes live at its publish time, which can be later than its last edit.
      lastModified: post.updatedAt > post.publishedAt ? post.updatedAt : post.publishedAt,
    })),
  ]
}
