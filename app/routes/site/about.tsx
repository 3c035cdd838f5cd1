import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { FeatureItem } from '~/components/site/feature-card'
import { LocationsBlock } from '~/components/site/locations'
import { Portrait } from '~/components/site/portrait'
import { PageHeader, Section } from '~/components/site/section'
import { TestimonialCard } from '~/components/site/testimonial-card'
import { Card } from '~/components/ui/card'
import { aboutPartnerNames, story, values } from '~/content/about'
import { partners } from '~/content/partners'
import { seo } from '~/lib/seo'
import { listTeamForAboutPage } from '~/server/repositories/team-members.server'
import { listTestimonialsFor } from '~/server/repositories/testimonials.server'
import { describeImages } from '~/server/services/media.server'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/about'))

export async function loader({ context }: Route.LoaderArgs) {
  const [team, testimonials] = await Promise.all([listTeamForAboutPage(context.db), listTestimonialsFor(context.db, 'about')])
  return {
    team,
    testimonials,
    images: await describeImages(
      context.db,
      team.map((member) => member.imageUrl),
    ),
  }
}

const aboutPartners = aboutPartnerNames.flatMap((name) => partners.find((p) => p.name === name) ?? [])

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="About" title="Practical technology for the businesses that keep towns running" />
      <Section id="our-story" title={story.title} tone="white" split>
        <div className="max-w-3xl space-y-4 text-lg text-muted-foreground">
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="our-values" title="Our Values" tone="muted" split>
        {/* The header's About menu links to #values and #team. */}
        <span id="values" className="block scroll-mt-24" aria-hidden />
        <ul className="grid gap-10 sm:grid-cols-2 sm:grid-balance-2">
          {values.map((value) => (
            <li key={value.title}>
              <FeatureItem feature={{ ...value, color: 'blue' }} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="our-team" title="Our Team" tone="white">
        <span id="team" className="block scroll-mt-24" aria-hidden />
        <ul className="grid gap-6 sm:grid-cols-2 sm:grid-balance-2 lg:grid-cols-4 lg:grid-balance-4">
          {loaderData.team.map((member) => (
            <li key={member.id}>
              {/* A card alone on the last row takes the whole row (grid-balance) and lays itself out sideways. */}
              <Card className="@container h-full p-4 pb-6" data-testid="team-member">
                <div className="flex flex-col gap-4 @xl:flex-row @xl:items-center @xl:gap-8">
                  <Portrait
                    name={member.name}
                    src={member.imageUrl}
                    image={loaderData.images[member.imageUrl ?? '']}
                    className="@xl:w-56 @xl:shrink-0"
                  />
                  <div>
                    <h3 className="font-display text-xl font-semibold">{member.name}</h3>
                    <p className="text-sm font-medium text-primary">{member.role}</p>
                    {member.bio && <p className="mt-3 text-sm text-muted-foreground">{member.bio}</p>}
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <LocationsBlock />
      {/* Testimonials are chosen in the back office; with none for this page the section is left out. */}
      {loaderData.testimonials.length > 0 && (
        <Section id="testimonials" title="What clients say" tone="white">
          <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2 md:grid-balance-2">
            {loaderData.testimonials.map((testimonial, index) => (
              <TestimonialCard key={index} testimonial={testimonial} />
            ))}
          </div>
        </Section>
      )}
      <Section id="partners" title="Tools we trust" intro="Cloud, telephony and automation partners we build on." tone="muted">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {aboutPartners.map((partner) => (
            <li
              key={partner.name}
              className="flex flex-col items-center gap-2 rounded-xl bg-white p-4 text-center shadow-xs"
              data-testid="about-partner"
            >
              <img src={partner.logo} alt="" width={56} height={56} loading="lazy" className="size-14" />
              <span className="text-sm font-medium">{partner.name}</span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
