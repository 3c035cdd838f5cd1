import { CaseStudySummary } from '~/components/site/case-study-summary'
import { Section, SectionButton } from '~/components/site/section'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

/** Case study cards; with none to show (an industry without stories yet) the band is left out. */
export function CaseStudiesBlock({ data, extra }: BlockViewProps<'case-studies'>) {
  if (extra.studies.length === 0) return null
  const single = extra.studies.length === 1
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <div className={cn(single ? 'mx-auto max-w-md' : 'grid gap-6 md:grid-cols-3')}>
        {extra.studies.map((study) => (
          <CaseStudySummary
            key={study.id}
            study={study}
            image={extra.images[study.imageUrl]}
            href={study.href}
            picture={!data.hidePictures}
          />
        ))}
      </div>
      {data.buttonLabel && data.buttonLink && <SectionButton href={data.buttonLink}>{data.buttonLabel}</SectionButton>}
    </Section>
  )
}
