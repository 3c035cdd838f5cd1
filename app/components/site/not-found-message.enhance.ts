import type { Enhancement } from '~/enhance/enhancement'

/** NotFoundMessage logs the address that led nowhere to the browser's console, as the spec asks. */
export const notFoundMessage: Enhancement = {
  widget: 'not-found message',
  wire() {
    if (document.querySelector('[data-not-found]'))
      console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  },
}
