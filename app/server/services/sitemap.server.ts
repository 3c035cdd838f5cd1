import { industries } from '~/content/industries'
import { postHref } from '~/lib/blog-links'
import { caseStudyHref } from '~/lib/case-study-links'
import type { Db } from '~/server/db/schema.server'
import { listCaseStudyDates } from '~/server/repositories/case-studies.server'
import { listPageSearchFields } from '~/server/repositories/page-search-fields.server'
import { listPublishedPostsForFeed } from '~/server/repositories/posts.server'

/**
 * Every public page without a parameter, in the order of app/routes.ts. A unit test compares this
 * list with the route table, so a new page cannot quietly drop out of the sitemap.
 */
export const publicPagePaths = [
  '/',
  '/solutions',
  '/how-we-help',
  '/industries',
  '/partners',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/case-studies',
  '/resources',
  '/resources/faq',
  '/resources/ai-playbook',
  '/resources/blog',
]

/** The industries we have written pages for; any other industry slug gets a generic, unindexed page. */
export const industryPagePaths = industries.map((industry) => `/industries/${industry.slug}`)

// The protocol's limit for one sitemap file.
const MAX_URLS = 50_000

export interface SitemapEntry {
  path: string
  lastModified?: string
}

/** The public pages, the industries we have written pages for, every case study and every published post, less those hidden from search engines. */
export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const pageSearch = await listPageSearchFields(db)
  const listed = (path: string) => !pageSearch.get(path)?.fields.hidden
  const studies = await listCaseStudyDates(db)
  const posts = (await listPublishedPostsForFeed(db, MAX_URLS - publicPagePaths.length - industries.length - studies.length)).filter(
    (post) => !post.hidden,
  )
  return [
    ...publicPagePaths.filter(listed).map((path) => ({ path })),
    ...industryPagePaths.filter(listed).map((path) => ({ path })),
    ...studies.map((study) => ({ path: caseStudyHref(study.slug), lastModified: study.updatedAt })),
    ...posts.map((post) => ({
      path: postHref(post.slug),
      // A scheduled post goes live at its publish time, which can be later than its last edit.
      lastModified: post.updatedAt > post.publishedAt ? post.updatedAt : post.publishedAt,
    })),
  ]
}
