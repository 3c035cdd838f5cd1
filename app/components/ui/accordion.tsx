import * as AccordionPrimitive from '@radix-ui/react-accordion'
import { ChevronDown } from 'lucide-react'
import type * as React from 'react'
import { cn } from '~/lib/utils'

const Accordion = AccordionPrimitive.Root

// Shared with FaqList's plain markup, which the enhancement script drives through the same data-state.
const accordionTriggerClass =
  'group flex flex-1 items-center justify-between gap-4 rounded-md py-5 text-left text-lg font-semibold outline-none hover:text-primary focus-visible:ring-3 focus-visible:ring-ring/50'
const accordionChevronClass = 'size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180'
const accordionContentClass = 'pb-5 text-muted-foreground'

function AccordionItem({ className, ...props }: React.ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item data-slot="accordion-item" className={cn('border-b', className)} {...props} />
}

/** `level` is the heading level of the question, so it fits the page's outline (h3 by default). */
function AccordionTrigger({
  className,
  children,
  level = 3,
  ...props
}: React.ComponentProps<typeof AccordionPrimitive.Trigger> & { level?: 2 | 3 | 4 }) {
  const Heading = `h${level}` as const
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="flex">
        <AccordionPrimitive.Trigger
          data-slot="accordion-trigger"
          className={cn(accordionTriggerClass, className)}
          {...props}
        >
          {children}
          <ChevronDown className={accordionChevronClass} aria-hidden />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  )
}

function AccordionContent({ className, children, ...props }: React.ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content data-slot="accordion-content" className="overflow-hidden" {...props}>
      <div className={cn(accordionContentClass, className)}>{children}</div>
    </AccordionPrimitive.Content>
  )
}

export { Accordion, AccordionContent, AccordionItem, AccordionTrigger, accordionChevronClass, accordionContentClass, accordionTriggerClass }
