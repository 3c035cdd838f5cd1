import type { Enhancement } from '~/enhance/enhancement'

/**
 * ImageFallback: when the image beside it fails, what it holds takes the image's place. The image may
 * have failed before this script ran, so a finished image with no width counts as failed too.
 */
export const imageFallback: Enhancement = { widget: 'image fallback', wire: () => drawFailedImages(document) }

/** For the images of `root`: a page, or a part of one swapped in later (the blog list's). */
export function drawFailedImages(root: ParentNode) {
  for (const fallback of root.querySelectorAll<HTMLElement>('[data-image-fallback]')) {
    const frame = fallback.parentElement!
    const img = frame.querySelector('img')!
    const draw = () => frame.replaceChildren(...fallback.childNodes)
    if (img.complete && img.naturalWidth === 0) draw()
    else img.addEventListener('error', draw, { once: true })
  }
}
