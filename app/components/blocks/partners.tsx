import { PartnerCard } from '~/components/site/partner-card'
import { Section } from '~/components/site/section'
import { TabSet } from '~/components/ui/tab-set'
import { cardFlowClasses } from '~/lib/card-flow'
import { COLLECTIONS, type CollectionItem } from '~/lib/collections'
import { slugify } from '~/lib/slugify'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

type Partner = CollectionItem<'partners'>

const CATEGORIES = COLLECTIONS.partners.fields.category.options.map((option) => option.value)

/** Cards sideways (logo beside words), so four columns only from xl up; none alone on the last row. */
function PartnerGrid({ partners }: { partners: Partner[] }) {
  return (
    <ul className={cn('flow-gap-5 gap-y-5', cardFlowClasses(partners.length, { md: [2, 1], lg: [3, 2, 1], xl: [3, 4, 2, 1] }))}>
      {partners.map((partner) => (
        <li key={partner.name}>
          <PartnerCard partner={partner} />
        </li>
      ))}
    </ul>
  )
}

/** The partners as cards under tabs (every partner, then one tab per category that has any), or the featured ones as a compact row of marks. */
export function PartnersBlock({ data, extra }: BlockViewProps<'partners'>) {
  const categories = CATEGORIES.filter((category) => extra.items.some((partner) => partner.category === category))
  return (
    <Section
      id={data.anchor || undefined}
      eyebrow={data.eyebrow || undefined}
      title={data.title || undefined}
      intro={data.intro || undefined}
      tone={data.tone}
    >
      {data.style === 'tabs' ? (
        <TabSet
          label="Partner categories"
          tabs={[
            { value: 'all', label: 'All Partners', content: <PartnerGrid partners={extra.items} /> },
            ...categories.map((category) => ({
              value: slugify(category),
              label: category,
              content: <PartnerGrid partners={extra.items.filter((partner) => partner.category === category)} />,
            })),
          ]}
        />
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {extra.items.map((partner) => (
            <li
              key={partner.name}
              className={cn(
                'flex flex-col items-center gap-2 rounded-xl p-4 text-center shadow-xs',
                data.tone === 'dark' ? 'bg-white/10' : 'bg-white',
              )}
              data-testid="about-partner"
            >
              <img src={partner.logo} alt="" width={56} height={56} loading="lazy" className="size-14" />
              <span className="text-sm font-medium">{partner.name}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
