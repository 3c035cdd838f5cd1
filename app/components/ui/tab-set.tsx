import { useId } from 'react'

export type TabSetTab = { value: string; label: string; content: React.ReactNode }

// The admin's Radix tabs (./tabs) share the look.
export const tabsListClass = 'flex flex-wrap justify-center gap-2'
export const tabsTriggerClass =
  'rounded-full border border-input bg-white px-4 py-2 text-sm font-medium outline-none transition-colors hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 data-[state=active]:border-transparent data-[state=active]:bg-navy-950 data-[state=active]:text-white'
export const tabsContentClass = 'mt-8 outline-none'

/**
 * Public tabs from a list, the first selected, worked by tab-set.enhance.ts: the other tabs' panels
 * wait in <template>s for it to swap in. Without JavaScript the first panel is what shows, so it
 * should hold everything (an "All" tab); the tab row is hidden then, since its buttons could do
 * nothing. A page shows another tab from its own script with showPanelHolding.
 */
export function TabSet({ label, tabs }: { label: string; tabs: TabSetTab[] }) {
  const id = useId()
  const [first] = tabs
  if (!first) return null
  const tabId = (tab: TabSetTab) => `${id}-tab-${tab.value}`
  return (
    <div data-tabs>
      <noscript>
        <style>{'[data-tabs] > [role="tablist"] { display: none }'}</style>
      </noscript>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" data-slot="tabs-list" className={tabsListClass}>
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === first}
            aria-controls={`${id}-panel`}
            tabIndex={tab === first ? 0 : -1}
            data-state={tab === first ? 'active' : 'inactive'}
            data-value={tab.value}
            data-slot="tabs-trigger"
            className={tabsTriggerClass}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={tabId(first)}
        tabIndex={0}
        data-slot="tabs-content"
        className={tabsContentClass}
      >
        {first.content}
      </div>
      {tabs.map((tab) => (
        <template key={tab.value} data-panel={tab.value}>
          {tab === first ? null : tab.content}
        </template>
      ))}
    </div>
  )
}
