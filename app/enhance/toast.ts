const SHOWN_MS = 4000

/**
 * Toasts for a page without React, made to read like the React pages' sonner toasts (and carrying
 * the attribute sonner gives its own, so one selector finds either). The live region exists before
 * any toast, so screen readers announce what is added to it.
 */
export function createToaster() {
  // One region for the page, however many scripts make a toaster.
  const region = document.querySelector('.plain-toaster') ?? toastRegion()

  return function showToast(title: string, description: string) {
    const toast = document.createElement('div')
    toast.className = 'plain-toast'
    toast.dataset.sonnerToast = ''
    const heading = document.createElement('p')
    heading.className = 'plain-toast-title'
    heading.textContent = title
    const text = document.createElement('p')
    text.textContent = description
    const close = document.createElement('button')
    close.type = 'button'
    close.className = 'plain-toast-close'
    close.setAttribute('aria-label', 'Close toast')
    close.textContent = '×'
    close.addEventListener('click', () => toast.remove())
    toast.append(heading, text, close)
    region.append(toast)
    setTimeout(() => toast.remove(), SHOWN_MS)
  }
}

function toastRegion() {
  const region = document.createElement('div')
  region.className = 'plain-toaster'
  region.setAttribute('role', 'status')
  region.setAttribute('aria-live', 'polite')
  region.setAttribute('aria-label', 'Notifications')
  document.body.append(region)
  return region
}
