import { Star } from 'lucide-react'
import type { Testimonial } from '~/content/types'
import { initials } from '~/lib/initials'
import { Card } from '../ui/card'

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card className="h-full p-6" data-testid="testimonial">
      <figure className="flex h-full flex-col">
        <p className="flex gap-0.5 text-amber-500" role="img" aria-label={`${testimonial.stars} out of 5 stars`}>
          {Array.from({ length: testimonial.stars }, (_, i) => (
            <Star key={i} className="size-4 fill-current" aria-hidden data-star />
          ))}
        </p>
        <blockquote className="mt-4 flex-1 text-foreground">“{testimonial.quote}”</blockquote>
        <figcaption className="mt-6 flex items-center gap-3">
          <span
            aria-hidden
            className="inline-flex size-10 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
          >
            {initials(testimonial.name)}
          </span>
          <span>
            <span className="block font-semibold">{testimonial.name}</span>
            <span className="block text-sm text-muted-foreground">
              {[testimonial.title, testimonial.company].filter(Boolean).join(', ')}
            </span>
          </span>
        </figcaption>
      </figure>
    </Card>
  )
}
