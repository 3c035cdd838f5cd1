import { ArrowRight } from 'lucide-react'
import type { CaseStudy } from '~/content/types'
import type { ImageInfo } from '~/lib/images'
import { Card } from '../ui/card'
import { ResponsiveImage } from '../ui/responsive-image'
import { CaseStudyHeadline, ReadCaseStudy } from './case-study-proof'

/**
 * A short card for a client story, with its headline result, linking to the whole of it: the home
 * page links to its card on /case-studies (the spec's links), other pages to its own page. `picture`
 * is left out where the page already shows the same illustration.
 */
export function CaseStudySummary({
  study,
  image,
  href,
  picture = true,
}: {
  study: CaseStudy
  image: ImageInfo | undefined
  href: string
  picture?: boolean
}) {
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden" data-testid="case-study-summary">
      {picture && (
        <ResponsiveImage
          src={study.imageUrl}
          image={image}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          fallbackSize={{ width: 800, height: 500 }}
          className="aspect-[16/10] w-full bg-navy-50 object-contain"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold text-primary">{study.industry}</p>
        <h3 className="mt-1 font-display text-lg font-semibold">{study.title}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{study.client}</p>
        {study.headline && <CaseStudyHeadline headline={study.headline} className="mt-4" />}
        <p className="mt-4 flex-1 text-muted-foreground">{study.briefDesc}</p>
        <a
          href={href}
          className="mt-5 inline-flex items-center gap-1 rounded-sm font-semibold text-primary outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          <ReadCaseStudy client={study.client} /> <ArrowRight className="size-4" aria-hidden />
        </a>
      </div>
    </Card>
  )
}
