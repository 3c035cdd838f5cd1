import { ArrowRight, CheckCircle2, ChevronRight, Eye } from 'lucide-react'
import { data, isRouteErrorResponse } from 'react-router'
import { BookingButton } from '~/components/site/booking-button'
import { PageErrorBoundary } from '~/components/site/not-found'
import { CaseStudySummary } from '~/components/site/case-study-summary'
import { ClientMark } from '~/components/site/client-mark'
import { Section } from '~/components/site/section'
import { Badge } from '~/components/ui/badge'
import { caseStudyPage } from '~/content/case-studies'
import { industries } from '~/content/industries'
import { mayOpen } from '~/lib/admin-access'
import { adminSection } from '~/lib/admin-sections'
import { cardFlowClasses } from '~/lib/card-flow'
import { caseStudyHref } from '~/lib/case-study-links'
import { absoluteUrl, breadcrumbJsonLd, DEFAULT_SHARE_IMAGE, organizationId, pageTitle, seo, shareImage } from '~/lib/seo'
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '~/lib/slugify'
import { cn } from '~/lib/utils'
import { getCaseStudyBySlug, listCaseStudies } from '~/server/repositories/case-studies.server'
import { getUser } from '~/server/services/auth.server'
import { describeImages } from '~/server/services/media.server'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import { bookingLabel } from '~/content/booking'
import type { Route } from './+types/case-study'
import { shows } from '~/server/services/shown-content.server'

const MORE_STUDIES = 3

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { slug } = params
  // Only what slugify can produce names a study; anything else is answered without a query.
  const record = slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug) ? await getCaseStudyBySlug(context.db, slug) : undefined
  if (!record) throw data(null, { status: 404 })
  const { updatedAt, published, ...study } = record
  // A draft exists for visitors only once published; an admin who may edit case studies previews it here.
  const preview = !published
  if (preview) {
    const user = await getUser(request, context)
    if (!user || !mayOpen(user.role, adminSection('case-studies').path)) throw data(null, { status: 404 })
  }
  // It lists other studies too.
  shows(context, `case-study:${study.id}`, 'case-studies')
  const others = (await listCaseStudies(context.db)).filter((s) => s.id !== study.id)
  const sameIndustry = others.filter((s) => s.industry === study.industry)
  const moreStudies = (sameIndustry.length > 0 ? sameIndustry : others).slice(0, MORE_STUDIES)
  const page = {
    study,
    preview,
    updatedAt,
    industrySlug: industries.find((i) => i.name.toLowerCase() === study.industry.toLowerCase())?.slug ?? null,
    // With no other study in its industry, the page still points somewhere useful.
    more: { sameIndustry: sameIndustry.length > 0, studies: moreStudies },
    images: await describeImages(context.db, [study.imageUrl]),
  }
  return data(page, preview ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined)
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) {
    const missing = isRouteErrorResponse(error) && error.status === 404
    return [{ title: pageTitle(matches, missing ? 'Case study not found' : 'Case Studies') }, { name: 'robots', content: 'noindex' }]
  }
  const { study, updatedAt, preview } = loaderData
  const path = caseStudyHref(study.slug)
  const image = shareImage(study.imageUrl)
  return seo(matches, {
    title: `${study.client}: ${study.title}`,
    description: study.briefDesc,
    path,
    image,
    type: 'article',
    search: study.search,
    noindex: preview,
    jsonLd: [
      {
        '@type': 'Article',
        headline: study.title,
        description: study.briefDesc,
        url: absoluteUrl(matches, path),
        mainEntityOfPage: absoluteUrl(matches, path),
        image: absoluteUrl(matches, study.search.image ?? image ?? DEFAULT_SHARE_IMAGE),
        dateModified: updatedAt,
        about: { '@type': 'Organization', name: study.client },
        publisher: { '@id': organizationId(matches) },
        keywords: study.tags.join(', ') || undefined,
      },
      breadcrumbJsonLd(matches, [
        { name: 'Case Studies', path: '/case-studies' },
        { name: study.client, path },
      ]),
    ],
  })
}

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { study, industrySlug, more, images, preview } = loaderData
  return (
    <article>
      {preview && (
        <p role="note" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-900">
          <Eye aria-hidden className="size-4" />
          Preview — a draft, not published
        </p>
      )}
      <header className="bg-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-8 pb-14 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:px-8 lg:pt-10 lg:pb-20">
          <div>
            <nav aria-label="Breadcrumb">
              <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
                <li>
                  <a href="/case-studies" className="rounded-sm hover:text-foreground hover:underline">
                    Case Studies
                  </a>
                </li>
                <li aria-hidden>
                  <ChevronRight className="size-4" />
                </li>
                <li aria-current="page" className="font-medium text-foreground">
                  {study.client}
                </li>
              </ol>
            </nav>
            <ClientMark name={study.client} decorative className="mt-8 h-9 text-navy-900" />
            <h1 className="mt-5 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{study.title}</h1>
            <p className="mt-5 max-w-2xl text-lg text-muted-foreground">{study.briefDesc}</p>
            <dl className="mt-8 flex flex-wrap gap-x-10 gap-y-4 text-sm">
              <div>
                <dt className="text-muted-foreground">Client</dt>
                <dd className="font-semibold">{study.client}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Industry</dt>
                <dd className="font-semibold">
                  {industrySlug ? (
                    <a href={`/industries/${industrySlug}`} className="text-primary hover:underline">
                      {study.industry}
                    </a>
                  ) : (
                    study.industry
                  )}
                </dd>
              </div>
            </dl>
          </div>
          <ResponsiveImage
            src={study.imageUrl}
            image={images[study.imageUrl]}
            sizes="(min-width: 1024px) 560px, 100vw"
            fallbackSize={{ width: 800, height: 500 }}
            priority
            className="aspect-[16/10] w-full rounded-2xl bg-navy-50 object-contain"
            data-own-picture=""
          />
        </div>
      </header>

      <section aria-labelledby="results-title" className="bg-navy-950 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:px-8 lg:py-16">
          <div>
            <h2 id="results-title" className="text-sm font-semibold tracking-wide text-navy-200 uppercase">
              {caseStudyPage.results}
            </h2>
            {study.headline && (
              <p className="mt-4">
                <span className="block font-display text-6xl font-semibold tracking-tight text-accent-bright tabular-nums sm:text-7xl">
                  {study.headline.figure}
                </span>
                <span className="mt-2 block text-lg text-slate-300">{study.headline.label}</span>
              </p>
            )}
          </div>
          <ul className={cn('content-center flow-gap-4 gap-y-4', cardFlowClasses(study.results.length, { sm: [2, 1] }))}>
            {study.results.map((result) => (
              <li key={result} className="flex gap-3 border-t border-white/15 pt-4">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent-bright" aria-hidden />
                <span>{result}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-label="The story" className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8 lg:py-20">
          <div>
            <h2 className="font-display text-2xl font-semibold">{caseStudyPage.challenge}</h2>
            <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{study.challenge}</p>
          </div>
          <div>
            <h2 className="font-display text-2xl font-semibold">{caseStudyPage.solution}</h2>
            <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{study.solution}</p>
            {study.tags.length > 0 && (
              <>
                <h3 className="mt-8 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{caseStudyPage.tools}</h3>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {study.tags.map((tag) => (
                    <li key={tag}>
                      <Badge>{tag}</Badge>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      </section>

      <section aria-label="What the client says" className="bg-navy-50">
        <figure className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
          <blockquote className="font-display text-2xl leading-snug font-semibold text-balance sm:text-3xl">
            “{study.testimonial.quote}”
          </blockquote>
          <figcaption className="mt-6 text-muted-foreground">
            <span className="font-semibold text-foreground">{study.testimonial.author}</span>, {study.testimonial.position}, {study.client}
          </figcaption>
        </figure>
      </section>

      {more.studies.length > 0 && (
        <Section id="more" title={more.sameIndustry ? caseStudyPage.moreFromIndustry : caseStudyPage.moreStories} tone="muted">
          <ul className="grid gap-6 md:grid-cols-3">
            {more.studies.map((other) => (
              <li key={other.id}>
                {/* Without their pictures: each story's illustration stays on its own page and the list. */}
                <CaseStudySummary study={other} image={undefined} href={caseStudyHref(other.slug)} picture={false} />
              </li>
            ))}
          </ul>
          <p className="mt-10 text-center">
            <a href="/case-studies" className="inline-flex items-center gap-1 font-semibold text-primary hover:underline">
              All case studies <ArrowRight className="size-4" aria-hidden />
            </a>
          </p>
        </Section>
      )}

      <section aria-labelledby="next-step-title" className="bg-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center lg:px-8">
          <div>
            <h2 id="next-step-title" className="font-display text-2xl font-semibold sm:text-3xl">
              {caseStudyPage.nextStep.title}
            </h2>
            <p className="mt-2 max-w-xl text-muted-foreground">{caseStudyPage.nextStep.text}</p>
          </div>
          <BookingButton place="strategy" size="lg">
            {bookingLabel}
          </BookingButton>
        </div>
      </section>
    </article>
  )
}

export const ErrorBoundary = PageErrorBoundary
