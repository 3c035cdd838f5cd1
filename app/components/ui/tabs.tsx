import * as TabsPrimitive from '@radix-ui/react-tabs'
import type * as React from 'react'
import { cn } from '~/lib/utils'

const Tabs = TabsPrimitive.Root

// Shared with TabSet's plain markup, which the enhancement script drives through the same data-state.
const tabsListClass = 'flex flex-wrap justify-center gap-2'
const tabsTriggerClass =
  'rounded-full border border-input bg-white px-4 py-2 text-sm font-medium outline-none transition-colors hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 data-[state=active]:border-transparent data-[state=active]:bg-navy-950 data-[state=active]:text-white'
const tabsContentClass = 'mt-8 outline-none'

function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List data-slot="tabs-list" className={cn(tabsListClass, className)} {...props} />
}

function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger data-slot="tabs-trigger" className={cn(tabsTriggerClass, className)} {...props} />
}

function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content data-slot="tabs-content" className={cn(tabsContentClass, className)} {...props} />
}

export { Tabs, TabsContent, TabsList, TabsTrigger, tabsContentClass, tabsListClass, tabsTriggerClass }
