import type { Enhancement } from '~/enhance/enhancement'

/**
 * TabSet: one panel holds the selected tab's content, and each other tab's waits in a
 * <template data-panel>, so what is not shown is not in the page. Selecting swaps the contents.
 * Keyboard as the ARIA tabs pattern: arrows (wrapping), Home and End move and select; only the
 * selected tab is in the tab order.
 */
export const tabSet: Enhancement = {
  widget: 'tab set',
  wire: () => document.querySelectorAll<HTMLElement>('[data-tabs]').forEach(wireTabSet),
}

/**
 * When the element with this id waits in a tab's <template>, selects that tab (the first that holds
 * it, an "All" tab where there is one), as a click would, so the element is in the page.
 */
export function showPanelHolding(id: string) {
  if (document.getElementById(id)) return
  const template = [...document.querySelectorAll<HTMLTemplateElement>('[data-tabs] template[data-panel]')].find((each) =>
    each.content.getElementById(id),
  )
  template?.closest('[data-tabs]')!.querySelector<HTMLElement>(`[role="tab"][data-value="${template.dataset.panel}"]`)!.click()
}

function wireTabSet(root: HTMLElement) {
  const tabs = [...root.querySelectorAll<HTMLElement>('[role="tab"]')]
  const panel = root.querySelector<HTMLElement>('[role="tabpanel"]')!
  const stash = (tab: HTMLElement) => root.querySelector<HTMLTemplateElement>(`template[data-panel="${tab.dataset.value}"]`)!
  let selected = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true')!

  const select = (tab: HTMLElement) => {
    if (tab === selected) return
    stash(selected).content.replaceChildren(...panel.childNodes)
    panel.replaceChildren(stash(tab).content)
    panel.setAttribute('aria-labelledby', tab.id)
    for (const each of tabs) {
      const active = each === tab
      each.setAttribute('aria-selected', String(active))
      each.tabIndex = active ? 0 : -1
      each.dataset.state = active ? 'active' : 'inactive'
    }
    selected = tab
  }

  const list = root.querySelector<HTMLElement>('[role="tablist"]')!
  list.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]')
    if (tab) select(tab)
  })
  list.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(selected)
    const next = {
      ArrowRight: tabs[(at + 1) % tabs.length],
      ArrowLeft: tabs[(at - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    }[event.key]
    if (!next) return
    event.preventDefault()
    select(next)
    next.focus()
  })
}
