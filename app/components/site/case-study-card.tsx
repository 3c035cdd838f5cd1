import { CheckCircle2 } from 'lucide-react'
import type { CaseStudy } from '~/content/types'
import { caseStudyHref } from '~/lib/case-study-links'
import type { ImageInfo } from '~/lib/images'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { Card } from '../ui/card'
import { ResponsiveImage } from '../ui/responsive-image'
import { CaseStudyHeadline, ReadCaseStudy } from './case-study-proof'

/**
 * A full case study: the brief always, challenge to testimonial when expanded (case-study-card.enhance.ts,
 * which also opens the card a URL hash names). The first card's picture is in a phone's first screen,
 * so it loads at once rather than lazily.
 */
export function CaseStudyCard({
  study,
  image,
  first,
}: {
  study: CaseStudy & { slug: string }
  image: ImageInfo | undefined
  first: boolean
}) {
  const detailsId = `${study.id}-details`
  return (
    <Card id={study.id} className="scroll-mt-24 overflow-hidden" data-testid="case-study-card" data-expanded={false}>
      <div className="grid md:grid-cols-[2fr_3fr]">
        <ResponsiveImage
          src={study.imageUrl}
          image={image}
          sizes="(min-width: 1280px) 480px, (min-width: 768px) 40vw, 100vw"
          fallbackSize={{ width: 800, height: 500 }}
          priority={first}
          className="aspect-[16/10] h-full w-full bg-navy-50 object-contain"
        />
        <div className="p-6">
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {study.tags.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
          <h2 className="mt-3 font-display text-xl font-semibold">
            <a
              href={caseStudyHref(study.slug)}
              className="rounded-sm outline-none hover:text-primary hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
            >
              {study.title}
            </a>
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {study.client} · {study.industry}
          </p>
          {study.headline && <CaseStudyHeadline headline={study.headline} className="mt-4" />}
          <p className="mt-4">{study.briefDesc}</p>
          {/* Both labels are sent and aria-expanded picks one, so the script needs no words of its own. */}
          <Button type="button" variant="link" className="group mt-2 px-0" aria-expanded={false} aria-controls={detailsId}>
            <span className="group-aria-expanded:hidden">
              <ReadCaseStudy client={study.client} />
            </span>
            <span className="hidden group-aria-expanded:inline">Show less</span>
          </Button>
        </div>
      </div>
      <div id={detailsId} hidden className="border-t bg-navy-50/60 p-6 md:px-8">
        <div className="grid gap-6 md:grid-cols-2">
          <div>
            <h3 className="font-display font-semibold">The challenge</h3>
            <p className="mt-2 text-muted-foreground">{study.challenge}</p>
            <h3 className="mt-6 font-display font-semibold">What we built</h3>
            <p className="mt-2 text-muted-foreground">{study.solution}</p>
          </div>
          <div>
            <h3 className="font-display font-semibold">Results</h3>
            <ul className="mt-2 grid gap-2">
              {study.results.map((result) => (
                <li key={result} className="flex gap-2">
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                  {result}
                </li>
              ))}
            </ul>
            <figure className="mt-6 rounded-xl bg-white p-5 shadow-xs">
              <blockquote>“{study.testimonial.quote}”</blockquote>
              <figcaption className="mt-3 text-sm text-muted-foreground">
                {study.testimonial.author}, {study.testimonial.position}
              </figcaption>
            </figure>
          </div>
        </div>
      </div>
    </Card>
  )
}
