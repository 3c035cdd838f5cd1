import { renderToStaticMarkup } from 'react-dom/server'
import { BookingLink } from '~/components/site/booking-button'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import { bookingLabel } from '~/content/booking'
import { parseMediaUrl, type ImageInfos } from '~/lib/images'

/*
 * A post's markdown is rendered from its text alone (markdown.server.ts, also on the preview's
 * thread, which has no database). What depends on stored data is drawn here, into that sanitised
 * HTML: the renderer's output has one fixed shape (double-quoted, escaped attributes), so an
 * `<img src="/media/…">` in it can only be an image the markdown holds, never text a writer typed.
 * Everything put in is built by React, which escapes it.
 */

/** How wide an image in a post is drawn: the post's column (max-w-3xl less its padding), or the screen less its margins. */
export const POST_IMAGE_SIZES = '(min-width: 768px) 720px, calc(100vw - 2rem)'

const IMAGE_TAG = /<img ([^>]*?) ?\/?>/g
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g
const BOOKING_LINE = /<p>\[\[booking\]\]<\/p>/g

/** The addresses of our uploaded images in a rendered post body, to describe with the page's other images in one query. */
export function mediaImagesIn(html: string): string[] {
  return [...html.matchAll(IMAGE_TAG)].map(([, attributes]) => attributesOf(attributes!).src ?? '').filter((src) => parseMediaUrl(src))
}

/**
 * A rendered post body as pages show it: each uploaded image with its AVIF and WebP copies, width and
 * height (as ResponsiveImage draws every image of the site), and each paragraph that is exactly
 * `[[booking]]` as the booking button. Outside images, and ours whose size is unknown, stay as they were.
 */
export function finishPostBody(html: string, images: ImageInfos, bookingUrl: string): string {
  return html
    .replace(IMAGE_TAG, (tag, attributes: string) => {
      const { src = '', alt = '', title } = attributesOf(attributes)
      const image = images[src]
      // Without its size an image cannot hold its place; it is drawn as the renderer wrote it.
      if (!image?.width || !image.height) return tag
      return renderToStaticMarkup(
        <ResponsiveImage
          src={src}
          // The words the writer gave this image in the post, which may differ from the file's own.
          image={{ ...image, alt }}
          sizes={POST_IMAGE_SIZES}
          fallbackSize={{ width: image.width, height: image.height }}
          title={title}
        />,
      )
    })
    .replace(BOOKING_LINE, () => bookingButton(bookingUrl))
}

/** The booking button, given the scheduler's address: a string of HTML cannot read the site layout's data. */
function bookingButton(bookingUrl: string): string {
  return renderToStaticMarkup(
    <p className="not-prose my-8">
      <BookingLink bookingUrl={bookingUrl} place="strategy" size="lg">
        {bookingLabel}
      </BookingLink>
    </p>,
  )
}

function attributesOf(attributes: string): Record<string, string> {
  return Object.fromEntries([...attributes.matchAll(ATTRIBUTE)].map(([, name, value]) => [name!, decodeEntities(value!)]))
}

// The only entities sanitize-html writes into an attribute; &amp; last, so "&amp;quot;" stays "&quot;".
const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
