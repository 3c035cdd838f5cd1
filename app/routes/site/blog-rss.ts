import { blogIntro } from '~/content/blog'
import { BLOG_PATH, postHref } from '~/lib/blog-links'
import { BLOG_FEED_PATH } from '~/lib/seo'
import { unlessDatabaseDown } from '~/server/http/database-down.server'
import { cachedTextResponse } from '~/server/http/http-cache.server'
import { listPublishedPostsForFeed } from '~/server/repositories/posts.server'
import { escapeXml } from '~/server/http/xml.server'
import type { Route } from './+types/blog-rss'

const FEED_SIZE = 50

/** RSS 2.0 of the newest published posts, for feed readers and for tools that watch the blog. */
export function loader({ request, context }: Route.LoaderArgs) {
  return unlessDatabaseDown(request, async () => {
    const { siteUrl, siteName } = context.config
    const posts = await listPublishedPostsForFeed(context.db, FEED_SIZE)
    const items = posts.map((post) => {
      const link = escapeXml(siteUrl + postHref(post.slug))
      return [
        '    <item>',
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${link}</link>`,
        `      <guid isPermaLink="true">${link}</guid>`,
        `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
        `      <dc:creator>${escapeXml(post.authorName)}</dc:creator>`,
        ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        `      <description>${escapeXml(post.excerpt)}</description>`,
        '    </item>',
      ].join('\n')
    })
    const lastBuild = posts[0] ? `    <lastBuildDate>${new Date(posts[0].publishedAt).toUTCString()}</lastBuildDate>` : ''
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '  <channel>',
      `    <title>${escapeXml(`${siteName} Blog`)}</title>`,
      `    <link>${escapeXml(siteUrl + BLOG_PATH)}</link>`,
      `    <description>${escapeXml(blogIntro.description)}</description>`,
      '    <language>en-us</language>',
      `    <atom:link href="${escapeXml(siteUrl + BLOG_FEED_PATH)}" rel="self" type="application/rss+xml"/>`,
      ...(lastBuild ? [lastBuild] : []),
      ...items,
      '  </channel>',
      '</rss>',
      '',
    ].join('\n')
    return cachedTextResponse(request, xml, 'application/rss+xml; charset=utf-8')
  })
}
