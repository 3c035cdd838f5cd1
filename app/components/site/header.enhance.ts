import type { Enhancement } from '~/enhance/enhancement'

/** How far the page scrolls before the header turns translucent. */
const TRANSLUCENT_AFTER_PX = 10

/**
 * SiteHeader: its data-scrolled follows the page's scroll (its classes style both states), and a link
 * followed in place inside a menu (the blog's, blog-list.enhance.ts) closes the menu as a
 * page load would. The menus themselves are native popovers and need nothing here.
 */
export const header: Enhancement = {
  widget: 'header',
  wire() {
    const header = document.querySelector<HTMLElement>('header[data-scrolled]')
    if (!header) return
    const update = () => {
      header.dataset.scrolled = String(window.scrollY > TRANSLUCENT_AFTER_PX)
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    header.addEventListener('click', (event) => {
      const menu = (event.target as Element).closest('a')?.closest<HTMLElement>('[popover]')
      if (menu?.matches(':popover-open')) menu.hidePopover()
    })
  },
}
