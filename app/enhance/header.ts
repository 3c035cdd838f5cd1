/** How far the page scrolls before the header turns translucent, under React and on plain pages. */
export const TRANSLUCENT_AFTER_PX = 10

/** Keeps the site header's data-scrolled in step with the page's scroll; its classes style both states. */
export function watchHeaderScroll() {
  const header = document.querySelector<HTMLElement>('header[data-scrolled]')
  if (!header) return
  const update = () => {
    header.dataset.scrolled = String(window.scrollY > TRANSLUCENT_AFTER_PX)
  }
  update()
  window.addEventListener('scroll', update, { passive: true })
}
