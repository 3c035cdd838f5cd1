import { Section } from '~/components/site/section'
import { TestimonialCard } from '~/components/site/testimonial-card'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

/** Testimonials are chosen for a page under Testimonials; with none chosen the band is left out. */
export function TestimonialsBlock({ data, extra }: BlockViewProps<'testimonials'>) {
  if (extra.testimonials.length === 0) return null
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <div
        className={cn(
          'grid gap-6',
          data.columns === '2' ? 'mx-auto max-w-4xl md:grid-cols-2 md:grid-balance-2' : 'md:grid-cols-3 md:grid-balance-3',
        )}
      >
        {extra.testimonials.map((testimonial, index) => (
          <TestimonialCard key={index} testimonial={testimonial} />
        ))}
      </div>
    </Section>
  )
}
