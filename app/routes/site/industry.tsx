import { Check } from 'lucide-react'
import { data } from 'react-router'
import { BookingButton } from '~/components/site/booking-button'
import { PageErrorBoundary } from '~/components/site/not-found'
import { CaseStudySummary } from '~/components/site/case-study-summary'
import { PageHeader, Section } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import { genericIndustry, industries } from '~/content/industries'
import { caseStudyHref } from '~/lib/case-study-links'
import { fillIn } from '~/lib/fill-in'
import { industryNameFromSlug, isIndustrySlug } from '~/lib/industry-slug'
import { breadcrumbJsonLd, pageTitle, seo } from '~/lib/seo'
import { getCaseStudiesByIds } from '~/server/repositories/case-studies.server'
import { describeImages } from '~/server/services/media.server'
import type { Route } from './+types/industry'

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.industry
  const known = industries.find((i) => i.slug === slug)
  if (known) {
    const [study] = await getCaseStudiesByIds(context.db, known.caseStudyId ? [known.caseStudyId] : [])
    const images = await describeImages(context.db, [study?.imageUrl])
    return { slug, name: known.name, tailored: true, image: known.image, ...pick(known), study: study ?? null, images }
  }
  // Unknown but well-formed: a generic page built from the slug, kept out of search results.
  if (!isIndustrySlug(slug)) throw data(null, { status: 404 })
  const name = industryNameFromSlug(slug)
  return {
    slug,
    name,
    tailored: false,
    image: null,
    ...genericIndustry,
    intro: fillIn(genericIndustry.intro, { name }),
    study: null,
    images: {},
  }
}

function pick(industry: (typeof industries)[number]) {
  return { intro: industry.intro, challenges: industry.challenges, solutions: industry.solutions }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? seo(matches, {
        title: `AI for ${loaderData.name}`,
        description: loaderData.intro,
        path: `/industries/${loaderData.slug}`,
        noindex: !loaderData.tailored,
        jsonLd: breadcrumbJsonLd(matches, [
          { name: 'Industries', path: '/industries' },
          { name: loaderData.name, path: `/industries/${loaderData.slug}` },
        ]),
      })
    : [{ title: pageTitle(matches, 'Page not found') }, { name: 'robots', content: 'noindex' }]

export default function IndustryPage({ loaderData }: Route.ComponentProps) {
  const { name, intro, challenges, solutions, study, image } = loaderData
  return (
    <>
      <PageHeader eyebrow="Industries We Help" title={`AI for ${name}`} text={intro}>
        <BookingButton place="strategy" size="lg" className="mt-8">
          Book a Strategy Session
        </BookingButton>
      </PageHeader>
      <Section id="challenges" title="Sound familiar?" tone="white">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <ul className="grid gap-3">
            {challenges.map((challenge) => (
              <li key={challenge} className="rounded-xl border bg-navy-50 p-4">
                {challenge}
              </li>
            ))}
          </ul>
          {image && <img src={image} alt="" width={800} height={500} className="w-full rounded-2xl" />}
        </div>
      </Section>
      <Section id="what-we-set-up" title="What we set up" tone="muted">
        <ul className="grid gap-6 sm:grid-cols-2 sm:grid-balance-2">
          {solutions.map((solution) => (
            <li key={solution.title}>
              <Card className="h-full p-6">
                <Check className="size-6 text-success" aria-hidden />
                <h3 className="mt-3 text-lg font-semibold">{solution.title}</h3>
                <p className="mt-2 text-muted-foreground">{solution.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      {study && (
        <Section id="story" title="A story from the field" tone="white">
          <div className="mx-auto max-w-md">
            <CaseStudySummary
              study={study}
              image={loaderData.images[study.imageUrl]}
              href={caseStudyHref(study.slug)}
              picture={study.imageUrl !== image}
            />
          </div>
        </Section>
      )}
      <Section tone="white" className="pt-0 text-center">
        <a href="/industries" className="font-semibold text-primary hover:underline">
          See all industries we help
        </a>
      </Section>
    </>
  )
}

export const ErrorBoundary = PageErrorBoundary
