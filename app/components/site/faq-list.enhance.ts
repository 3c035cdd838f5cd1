import type { Enhancement } from '~/enhance/enhancement'

/**
 * FaqList's accordion: at most one answer open, a second click closes it. The server sends answers
 * `hidden` (shown by a <noscript> style when scripts are off); here they become hidden="until-found",
 * so the browser's find-in-page opens the answer it found. Arrow keys, Home and End move between the
 * questions, as the ARIA accordion pattern has them.
 */
export const faqList: Enhancement = {
  widget: 'FAQ list',
  wire: () => document.querySelectorAll<HTMLElement>('[data-accordion]').forEach(wireAccordion),
}

function wireAccordion(root: HTMLElement) {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[aria-controls]')]
  const answerOf = (button: HTMLButtonElement) => document.getElementById(button.getAttribute('aria-controls')!)!

  const show = (button: HTMLButtonElement, open: boolean) => {
    const answer = answerOf(button)
    const state = open ? 'open' : 'closed'
    button.setAttribute('aria-expanded', String(open))
    for (const element of [button, answer, button.closest<HTMLElement>('[data-slot="accordion-item"]')!]) element.dataset.state = state
    if (open) answer.removeAttribute('hidden')
    else answer.setAttribute('hidden', 'until-found')
  }
  const open = (button: HTMLButtonElement) => {
    for (const each of buttons) if (each !== button && each.getAttribute('aria-expanded') === 'true') show(each, false)
    show(button, true)
  }

  for (const button of buttons) {
    answerOf(button).setAttribute('hidden', 'until-found')
    answerOf(button).addEventListener('beforematch', () => open(button))
    button.addEventListener('click', () => (button.getAttribute('aria-expanded') === 'true' ? show(button, false) : open(button)))
  }
  root.addEventListener('keydown', (event) => {
    const at = buttons.indexOf(event.target as HTMLButtonElement)
    if (at < 0) return
    const next = {
      ArrowDown: buttons[(at + 1) % buttons.length],
      ArrowUp: buttons[(at - 1 + buttons.length) % buttons.length],
      Home: buttons[0],
      End: buttons[buttons.length - 1],
    }[event.key]
    if (!next) return
    event.preventDefault()
    next.focus()
  })
}
