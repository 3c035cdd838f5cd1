import { marketingPage } from '~/content/pages'
import { useCallback, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { CaseStudyCard } from '~/components/site/case-study-card'
import { PageHeader, Section } from '~/components/site/section'
import { TabSet } from '~/components/ui/tab-set'
import { useServedPlain, type RouteHandle } from '~/lib/served-plain'
import { seo } from '~/lib/seo'
import { slugify } from '~/lib/slugify'
import { listCaseStudies, type StoredCaseStudy } from '~/server/repositories/case-studies.server'
import { describeImages } from '~/server/services/media.server'
import type { Route } from './+types/case-studies'

// Served without React; the enhancement script works its tabs, cards and hash (docs/decisions/053-marketing-pages-served-plain-with-one-small-enhancement.md).
export const handle: RouteHandle = { plain: true }

/** The hash target is scrolled to after the page has settled. */
const HASH_SCROLL_DELAY_MS = 100

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, marketingPage('/case-studies'))

export async function loader({ context }: Route.LoaderArgs) {
  const studies = await listCaseStudies(context.db)
  return { studies, images: await describeImages(context.db, studies.map((study) => study.imageUrl)) }
}

/** Opens and scrolls to the study named in the URL hash, switching to the tab that shows it. */
function useHashTarget(studies: StoredCaseStudy[], open: (id: string) => void, showAll: () => void) {
  const { hash } = useLocation()
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1))
    if (!studies.some((s) => s.id === id)) return
    showAll()
    open(id)
    const timer = setTimeout(() => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' }), HASH_SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [hash, studies, open, showAll])
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { studies, images } = loaderData
  const plain = useServedPlain()
  const industries = [...new Set(studies.map((s) => s.industry))]
  const [tab, setTab] = useState('all')
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set())
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const open = useCallback((id: string) => setExpanded((current) => new Set(current).add(id)), [])
  const showAll = useCallback(() => setTab('all'), [])
  useHashTarget(studies, open, showAll)

  const list = (items: StoredCaseStudy[]) => (
    <ul className="grid gap-6">
      {items.map((study, index) => (
        <li key={study.id}>
          <CaseStudyCard study={study} image={images[study.imageUrl]} first={index === 0} expanded={expanded.has(study.id)} onToggle={() => toggle(study.id)} />
        </li>
      ))}
    </ul>
  )

  return (
    <>
      <PageHeader eyebrow="Case Studies" title="Results from businesses like yours" text="Small and medium businesses, the problem each one had, and what changed once the right tools were in place." />
      <Section tone="muted">
        {plain && (
          <noscript>
            {/* Without JavaScript every card shows its details, and the buttons that could not open them are gone
                (in Tailwind's base layer, where its own `[hidden]` rule is, as FaqList's). */}
            <style>{'@layer base { [data-expanded] > [hidden] { display: block !important } [data-expanded] button[aria-expanded] { display: none !important } }'}</style>
          </noscript>
        )}
        <TabSet
          label="Industries"
          value={tab}
          onValueChange={setTab}
          tabs={[
            { value: 'all', label: 'All Industries', content: list(studies) },
            ...industries.map((industry) => ({ value: slugify(industry), label: industry, content: list(studies.filter((s) => s.industry === industry)) })),
          ]}
        />
      </Section>
    </>
  )
}
