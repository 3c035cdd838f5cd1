import { ChevronDown } from 'lucide-react'
import { useId } from 'react'
import type { FaqItem } from '~/content/types'

/**
 * Questions as an accordion, one answer open at a time, worked by faq-list.enhance.ts. Without
 * JavaScript every answer shows.
 */
export function FaqList({ faqs, className }: { faqs: FaqItem[]; className?: string }) {
  const id = useId()
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
              className="group flex flex-1 items-center justify-between gap-4 rounded-md py-5 text-left font-display text-lg font-semibold outline-none hover:text-primary focus-visible:ring-3 focus-visible:ring-ring/50"
            >
              {faq.question}
              <ChevronDown
                className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
                aria-hidden
              />
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
            <div className="pb-5 text-muted-foreground">{faq.answer}</div>
          </div>
        </div>
      ))}
    </div>
  )
}
