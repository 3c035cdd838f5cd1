/**
 * An image whose drawing-in-its-place waits in a <template data-image-fallback> beside it (Portrait):
 * when the image fails, the drawing replaces it. It may have failed before this script ran, so a
 * finished image with no width counts as failed too. `root` is what is new: a page, or a part swapped in.
 */
export function drawFailedImages(root: ParentNode = document) {
  for (const template of root.querySelectorAll<HTMLTemplateElement>('template[data-image-fallback]')) {
    const frame = template.parentElement!
    const img = frame.querySelector('img')!
    const draw = () => frame.replaceChildren(template.content)
    if (img.complete && img.naturalWidth === 0) draw()
    else img.addEventListener('error', draw, { once: true })
  }
}
