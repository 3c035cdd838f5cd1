import { showPanelHolding } from '~/components/ui/tab-set.enhance'
import type { Enhancement } from '~/enhance/enhancement'

/**
 * CaseStudyCard expands: the button with aria-expanded shows or hides the part it controls, and the
 * card's data-expanded follows. Clicks are heard on the document, since tabs swap cards in from
 * <template>s after this has run. A URL hash naming a card opens it and scrolls to it, on load and on
 * hashchange, first showing the tab that holds it if it is not in the page.
 */
export const caseStudyCard: Enhancement = {
  widget: 'case study card',
  wire() {
    document.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('[data-expanded] button[aria-expanded]')
      if (button) expand(button, button.getAttribute('aria-expanded') !== 'true')
    })
    openHashTarget()
    window.addEventListener('hashchange', openHashTarget)
  },
}

function expand(button: HTMLButtonElement, open: boolean) {
  button.setAttribute('aria-expanded', String(open))
  document.getElementById(button.getAttribute('aria-controls')!)!.hidden = !open
  button.closest<HTMLElement>('[data-expanded]')!.dataset.expanded = String(open)
}

function openHashTarget() {
  const id = hashId()
  if (!id) return
  showPanelHolding(id)
  const card = document.getElementById(id)
  const button = card?.matches('[data-expanded]') ? card.querySelector<HTMLButtonElement>('button[aria-expanded]') : null
  if (!card || !button) return
  expand(button, true)
  card.scrollIntoView({ block: 'start' })
}

// A hand-typed hash may not decode; it names no card then.
function hashId() {
  try {
    return decodeURIComponent(location.hash.slice(1))
  } catch {
    return ''
  }
}
