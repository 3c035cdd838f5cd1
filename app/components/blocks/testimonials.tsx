import { Section } from '~/components/site/section'
import { TestimonialCard } from '~/components/site/testimonial-card'
import { cardFlowClasses } from '~/lib/card-flow'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

/** Testimonials are chosen for a page under Testimonials; with none chosen the band is left out. */
export function TestimonialsBlock({ data, extra }: BlockViewProps<'testimonials'>) {
  if (extra.testimonials.length === 0) return null
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <div
        className={cn(
          'flow-gap-6 gap-y-6',
          data.columns === '2' && 'mx-auto max-w-4xl',
          cardFlowClasses(extra.testimonials.length, { md: data.columns === '2' ? [2, 1] : [3, 2, 4, 1] }),
        )}
      >
        {extra.testimonials.map((testimonial, index) => (
          <TestimonialCard key={index} testimonial={testimonial} client={testimonial.client} />
        ))}
      </div>
    </Section>
  )
}
