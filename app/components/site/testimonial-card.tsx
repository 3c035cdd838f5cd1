import { Star } from 'lucide-react'
import { initials } from '~/lib/initials'
import type { ShownTestimonial } from '~/server/repositories/testimonials.server'
import { Card } from '../ui/card'
import { ClientMark } from './client-mark'

/** The review's site as a reader knows it: g.page, yelp.com (without www.). */
const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '')

/**
 * Stars are a claim about a review somewhere else, so they show only with a link to it: a rating the
 * owner typed in alone would be theirs, not the client's.
 */
function ReviewStars({ stars, reviewUrl }: { stars: number; reviewUrl: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="flex gap-0.5 text-amber-500" role="img" aria-label={`${stars} out of 5 stars`}>
        {Array.from({ length: stars }, (_, i) => (
          <Star key={i} className="size-4 fill-current" aria-hidden data-star />
        ))}
      </span>
      <a href={reviewUrl} className="text-sm font-medium text-primary underline-offset-4 hover:underline" rel="noopener" data-review-link>
        Read the review on {hostOf(reviewUrl)}
      </a>
    </p>
  )
}

/**
 * Who said it. A client with a case study shows their mark above the name (a picture of the business
 * they speak for); anyone else, their initials.
 */
function Attribution({ testimonial, client }: { testimonial: ShownTestimonial; client: string | null }) {
  const person = (
    <span>
      <span className="block font-semibold">{testimonial.name}</span>
      {/* The mark already names the company. */}
      <span className="block text-sm text-muted-foreground">
        {(client ? [testimonial.title] : [testimonial.title, testimonial.company]).filter(Boolean).join(', ')}
      </span>
    </span>
  )
  if (client)
    return (
      <figcaption className="mt-6 border-t pt-5">
        <ClientMark name={client} wrap className="text-sm text-navy-900" />
        <span className="mt-3 block">{person}</span>
      </figcaption>
    )
  return (
    <figcaption className="mt-6 flex items-center gap-3">
      <span
        aria-hidden
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
      >
        {initials(testimonial.name)}
      </span>
      {person}
    </figcaption>
  )
}

export function TestimonialCard({
  testimonial,
  client = null,
}: {
  testimonial: ShownTestimonial
  /** The client's name as their case study has it, where one tells their story. */
  client?: string | null
}) {
  return (
    <Card className="h-full p-6" data-testid="testimonial">
      <figure className="flex h-full flex-col">
        {testimonial.reviewUrl && <ReviewStars stars={testimonial.stars} reviewUrl={testimonial.reviewUrl} />}
        <blockquote className={testimonial.reviewUrl ? 'mt-4 flex-1 text-foreground' : 'flex-1 text-foreground'}>
          “{testimonial.quote}”
        </blockquote>
        <Attribution testimonial={testimonial} client={client} />
      </figure>
    </Card>
  )
}
