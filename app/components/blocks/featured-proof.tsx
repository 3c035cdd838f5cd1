import { ArrowRight } from 'lucide-react'
import { CaseStudyHeadline, ReadCaseStudy } from '~/components/site/case-study-proof'
import { Section, SectionButton } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import { cardFlowClasses } from '~/lib/card-flow'
import type { ImageInfo } from '~/lib/images'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

type Study = BlockViewProps<'featured-proof'>['extra']['studies'][number]

const readLink =
  'inline-flex items-center gap-1 rounded-sm font-semibold text-primary outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50'

/** The client's own words, and who said them: every figure here has a person behind it. */
function ClientWords({ study, large = false }: { study: Study; large?: boolean }) {
  const { quote, author, position } = study.testimonial
  return (
    <figure className={large ? 'mt-6' : 'mt-5 flex-1'}>
      <blockquote className={cn('text-foreground', large ? 'font-display text-lg leading-snug text-balance sm:text-xl' : 'text-sm')}>
        “{quote}”
      </blockquote>
      <figcaption className="mt-3 text-sm text-muted-foreground">
        <span className="font-semibold text-foreground">{author}</span>, {position}
      </figcaption>
    </figure>
  )
}

/** The one study told in full: its picture beside its figure, its client's words and the link on. */
function FeaturedStudy({ study, image, label, anchor }: { study: Study; image: ImageInfo | undefined; label: string; anchor: string }) {
  return (
    <Card id={anchor || undefined} className="scroll-mt-24 overflow-hidden md:grid md:grid-cols-5" data-testid="featured-study">
      <div className="flex items-center bg-navy-50 md:col-span-2">
        <ResponsiveImage
          src={study.imageUrl}
          image={image}
          sizes="(min-width: 768px) 480px, 100vw"
          fallbackSize={{ width: 800, height: 500 }}
          className="aspect-[16/10] w-full object-contain"
        />
      </div>
      <div className="p-6 sm:p-8 md:col-span-3 lg:p-10">
        {label && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{label}</p>}
        <h3 className="mt-2 font-display text-2xl font-semibold text-balance">{study.title}</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          {study.client} · {study.industry}
        </p>
        {study.headline && <CaseStudyHeadline headline={study.headline} className="mt-6" />}
        <ClientWords study={study} large />
        <a href={study.href} className={cn(readLink, 'mt-6')}>
          <ReadCaseStudy client={study.client} /> <ArrowRight className="size-4" aria-hidden />
        </a>
      </div>
    </Card>
  )
}

/** A smaller study: its figure first, then whose it is, their words, and the link (the whole card is the link's target). */
function SmallStudy({ study }: { study: Study }) {
  return (
    <Card className="group relative flex h-full flex-col p-6" data-testid="proof-study">
      {study.headline && <CaseStudyHeadline headline={study.headline} />}
      <h3 className="mt-5 font-display text-lg font-semibold">{study.title}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{study.client}</p>
      <ClientWords study={study} />
      <a href={study.href} className={cn(readLink, 'mt-5 after:absolute after:inset-0')}>
        <ReadCaseStudy client={study.client} /> <ArrowRight className="size-4" aria-hidden />
      </a>
    </Card>
  )
}

/**
 * The home page's proof in one band: a featured study and three smaller ones, each client once, so
 * no figure or quote repeats another's. With no published study the band is left out.
 */
export function FeaturedProofBlock({ data, extra }: BlockViewProps<'featured-proof'>) {
  const [featured, ...others] = extra.studies
  if (!featured) return null
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <FeaturedStudy study={featured} image={extra.images[featured.imageUrl]} label={data.featuredLabel} anchor={data.featuredAnchor} />
      {others.length > 0 && (
        <div className={cn('mt-6 flow-gap-6 gap-y-6', cardFlowClasses(others.length, { md: [3, 2, 1] }))}>
          {others.map((study) => (
            <SmallStudy key={study.id} study={study} />
          ))}
        </div>
      )}
      {data.buttonLabel && data.buttonLink && <SectionButton href={data.buttonLink}>{data.buttonLabel}</SectionButton>}
    </Section>
  )
}
