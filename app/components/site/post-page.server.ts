import { finishPostBody, mediaImagesIn } from '~/components/site/post-body.server'
import { readingMinutes, wordCount } from '~/lib/reading-time'
import type { PostPage } from '~/server/repositories/posts.server'
import { firstCallFor } from '~/server/services/block-data.server'
import type { LoadContext } from '~/server/services/load-context.server'
import { renderMarkdown } from '~/server/services/markdown.server'
import { describeImages } from '~/server/services/media.server'
import { siteSettingsFor } from '~/server/services/site-settings.server'

/**
 * What a post's page shows, at its address or through a shareable preview link: its body as HTML
 * (images drawn with their copies, the booking line as the button), reading time, images and the
 * closing call's host. One builder, so a preview is the page.
 */
export async function postPageData(request: Request, context: LoadContext, post: PostPage) {
  const { content, ...shown } = post
  const body = renderMarkdown(content)
  const [images, firstCall, { bookingUrl }] = await Promise.all([
    // The cover, the portrait and the images in the text, in one query.
    describeImages(context.db, [post.featuredImage, post.author.avatarUrl, ...mediaImagesIn(body)]),
    firstCallFor(request, context),
    siteSettingsFor(request, context),
  ])
  const html = finishPostBody(body, images, bookingUrl)
  return { post: { ...shown, html, readingMinutes: readingMinutes(wordCount(content)) }, images, firstCall }
}
