import { useId } from 'react'
import { useServedPlain } from '~/lib/served-plain'
import { Tabs, TabsContent, TabsList, TabsTrigger, tabsContentClass, tabsListClass, tabsTriggerClass } from './tabs'

export type TabSetTab = { value: string; label: string; content: React.ReactNode }

/**
 * Tabs from a list, the first selected. Under React they are Radix's; on a page served plain the
 * same look, with the other tabs' panels in <template>s for the enhancement script to swap in
 * (app/enhance/tabs.ts). Without JavaScript the first panel is what shows, so it should hold
 * everything (an "All" tab); the tab row is hidden then, since its buttons could do nothing. Under
 * React a page may hold the selection (value, onValueChange); served plain, it asks the script to
 * show a tab instead (showPanelHolding).
 */
export function TabSet({
  label,
  tabs,
  value,
  onValueChange,
}: {
  label: string
  tabs: TabSetTab[]
  value?: string
  onValueChange?: (value: string) => void
}) {
  const plain = useServedPlain()
  const id = useId()
  const [first] = tabs
  if (!first) return null
  if (!plain) {
    return (
      <Tabs defaultValue={first.value} value={value} onValueChange={onValueChange}>
        <TabsList aria-label={label}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    )
  }
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
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(first)} tabIndex={0} data-slot="tabs-content" className={tabsContentClass}>
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
