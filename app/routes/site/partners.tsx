import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { PartnerCard } from '~/components/site/partner-card'
import { PageHeader, Section } from '~/components/site/section'
import { useSiteSettings } from '~/components/site/use-site-settings'
import { Button } from '~/components/ui/button'
import { TabSet } from '~/components/ui/tab-set'
import { partnerCategories, partners, partnersIntro } from '~/content/partners'
import type { Partner } from '~/content/types'
import { seo } from '~/lib/seo'
import { slugify } from '~/lib/slugify'
import type { Route } from './+types/partners'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/partners'))

function PartnerGrid({ list }: { list: Partner[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-2 md:grid-balance-2 lg:grid-cols-3 lg:grid-balance-3">
      {list.map((partner) => (
        <li key={partner.name}>
          <PartnerCard partner={partner} />
        </li>
      ))}
    </ul>
  )
}

export default function Partners() {
  const { partnersEmail } = useSiteSettings()
  return (
    <>
      <PageHeader title="Our Partners" text={partnersIntro} />
      <Section tone="muted">
        <TabSet
          label="Partner categories"
          tabs={[
            { value: 'all', label: 'All Partners', content: <PartnerGrid list={partners} /> },
            ...partnerCategories.map((category) => ({
              value: slugify(category),
              label: category,
              content: <PartnerGrid list={partners.filter((p) => p.category === category)} />,
            })),
          ]}
        />
      </Section>
      <Section
        tone="white"
        title="Ready to Partner with Us?"
        intro="If your product helps small businesses run better, we would like to hear from you."
      >
        <div className="text-center">
          <Button asChild size="lg">
            <a href={`mailto:${partnersEmail}`}>Become a Partner</a>
          </Button>
        </div>
      </Section>
    </>
  )
}
