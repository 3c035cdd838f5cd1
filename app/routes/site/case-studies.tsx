import { caseStudiesClosing, marketingPages } from '~/content/pages'
import { CtaBandBlock } from '~/components/blocks/cta-band'
import { pageAt } from '~/lib/marketing-pages'
import { CaseStudyCard } from '~/components/site/case-study-card'
import { HeroFigures } from '~/components/site/heroes/page-heroes'
import { PageHeader, Section } from '~/components/site/section'
import { TabSet } from '~/components/ui/tab-set'
import { seo } from '~/lib/seo'
import { slugify } from '~/lib/slugify'
import { listCaseStudies, type StoredCaseStudy } from '~/server/repositories/case-studies.server'
import { firstCallFor } from '~/server/services/block-data.server'
import { describeImages } from '~/server/services/media.server'
import type { Route } from './+types/case-studies'
import { shows } from '~/server/services/shown-content.server'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/case-studies'))

export async function loader({ request, context }: Route.LoaderArgs) {
  shows(context, 'case-studies')
  const studies = await listCaseStudies(context.db)
  return {
    studies,
    firstCall: await firstCallFor(request, context),
    images: await describeImages(
      context.db,
      studies.map((study) => study.imageUrl),
    ),
  }
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { studies, images } = loaderData
  const industries = [...new Set(studies.map((s) => s.industry))]
  // The header shows what the list proves: the first three studies' headline figures.
  const results = studies.flatMap(({ id, client, headline }) => (headline ? [{ id, client, headline }] : [])).slice(0, 3)
  const list = (items: StoredCaseStudy[]) => (
    <ul className="grid gap-6">
      {items.map((study, index) => (
        <li key={study.id}>
          <CaseStudyCard study={study} image={images[study.imageUrl]} first={index === 0} />
        </li>
      ))}
    </ul>
  )

  return (
    <>
      <PageHeader
        eyebrow="Case Studies"
        title="Results from businesses like yours"
        text="Small and medium businesses, the problem each one had, and what changed once the right tools were in place."
        visual={results.length > 0 && <HeroFigures results={results} />}
      />
      <Section tone="muted">
        <noscript>
          {/* Without JavaScript every card shows its details, and the buttons that could not open them are gone
              (in Tailwind's base layer, where its own `[hidden]` rule is, as FaqList's). */}
          <style>
            {
              '@layer base { [data-expanded] > [hidden] { display: block !important } [data-expanded] button[aria-expanded] { display: none !important } }'
            }
          </style>
        </noscript>
        <TabSet
          label="Industries"
          tabs={[
            { value: 'all', label: 'All Industries', content: list(studies) },
            ...industries.map((industry) => ({
              value: slugify(industry),
              label: industry,
              content: list(studies.filter((s) => s.industry === industry)),
            })),
          ]}
        />
      </Section>
      <CtaBandBlock data={caseStudiesClosing} extra={loaderData.firstCall} />
    </>
  )
}
