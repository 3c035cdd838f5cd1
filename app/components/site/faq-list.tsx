import { ChevronDown } from 'lucide-react'
import { useId } from 'react'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  accordionChevronClass,
  accordionContentClass,
  accordionTriggerClass,
} from '~/components/ui/accordion'
import type { FaqItem } from '~/content/types'
import { useServedPlain } from '~/lib/served-plain'

/**
 * Questions as an accordion, one answer open at a time. Under React it is Radix's; on a page served
 * plain the same look, worked by the enhancement script (app/enhance/accordion.ts). Without
 * JavaScript every answer shows.
 */
export function FaqList({ faqs, className }: { faqs: FaqItem[]; className?: string }) {
  const plain = useServedPlain()
  const id = useId()
  if (!plain) {
    return (
      <Accordion type="single" collapsible className={className}>
        {faqs.map((faq, index) => (
          <AccordionItem key={faq.question} value={`faq-${index}`} data-testid="faq-item">
            <AccordionTrigger level={2}>{faq.question}</AccordionTrigger>
            <AccordionContent>{faq.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    )
  }
  return (
    <div data-accordion className={className}>
      <noscript>
        {/* In Tailwind's base layer, where its own `[hidden] { display: none !important }` is: an important
            rule outside the layers would lose to it. */}
        <style>{'@layer base { [data-accordion] [data-slot="accordion-content"][hidden] { display: block !important } }'}</style>
      </noscript>
      {faqs.map((faq, index) => (
        <div key={faq.question} data-slot="accordion-item" data-state="closed" data-testid="faq-item" className="border-b">
          <h2 className="flex">
            <button
              type="button"
              id={`${id}-question-${index}`}
              aria-expanded={false}
              aria-controls={`${id}-answer-${index}`}
              data-state="closed"
              data-slot="accordion-trigger"
              className={accordionTriggerClass}
            >
              {faq.question}
              <ChevronDown className={accordionChevronClass} aria-hidden />
            </button>
          </h2>
          <div
            id={`${id}-answer-${index}`}
            role="region"
            aria-labelledby={`${id}-question-${index}`}
            hidden
            data-state="closed"
            data-slot="accordion-content"
            className="overflow-hidden"
          >
            <div className={accordionContentClass}>{faq.answer}</div>
          </div>
        </div>
      ))}
    </div>
  )
}
