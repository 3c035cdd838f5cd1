import { ArrowRight, Mail } from 'lucide-react'
import { useRef } from 'react'
import { Link } from 'react-router'
import { accentClasses } from '~/components/site/accent'
import { BookingButton } from '~/components/site/booking-button'
import { CaseStudySummary } from '~/components/site/case-study-summary'
import { FeatureCard } from '~/components/site/feature-card'
import { HeroCanvas, HeroCursor } from '~/components/site/hero-canvas'
import { Section } from '~/components/site/section'
import { SocialLinks } from '~/components/site/social-icons'
import { TestimonialCard } from '~/components/site/testimonial-card'
import { useSiteSettings } from '~/components/site/use-site-settings'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import {
  closingCta,
  featuredCaseStudyIds,
  getInTouch,
  hero,
  pillars,
  reasons,
  services,
  successSnapshots,
} from '~/content/home'
import { organizationJsonLd, seo } from '~/lib/seo'
import { cn } from '~/lib/utils'
import { getCaseStudiesByIds } from '~/server/repositories/case-studies.server'
import { listTestimonialsFor } from '~/server/repositories/testimonials.server'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    description:
      'AI receptionists, chatbots, automation and modern IT for small and medium businesses across the U.S. Book a free 30-minute strategy session.',
    path: '/',
    jsonLd: organizationJsonLd(matches),
  })

export async function loader({ context }: Route.LoaderArgs) {
  const [featured, testimonials] = await Promise.all([getCaseStudiesByIds(context.db, featuredCaseStudyIds), listTestimonialsFor(context.db, 'home')])
  return { featured, testimonials }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <Section id="what-we-do" eyebrow="What We Do" title="Three ways we take work off your plate" tone="white">
        <div className="grid gap-6 md:grid-cols-3">
          {pillars.map((pillar) => (
            <FeatureCard key={pillar.title} feature={pillar} />
          ))}
        </div>
      </Section>
      <Section id="solutions" eyebrow="Services" title="From first idea to a system your team uses" tone="muted">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <FeatureCard key={service.title} feature={service} />
          ))}
        </div>
      </Section>
      <Section id="why-choose-us" eyebrow="Why Choose Us" title="Built for owners who are short on time" tone="white">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {reasons.map((reason) => (
            <FeatureCard key={reason.title} feature={reason} />
          ))}
        </div>
      </Section>
      <Section id="client-success" eyebrow="Client Success Snapshot" title="Small changes, steady results" tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {successSnapshots.map((snapshot) => (
            <li key={snapshot.caseStudyId}>
              <Card className="h-full p-6" data-testid="success-snapshot">
                <span className={cn('inline-block rounded-full px-3 py-1 text-xs font-semibold', accentClasses[snapshot.color])}>{snapshot.company}</span>
                <p className="mt-4 text-xl font-semibold text-balance">{snapshot.result}</p>
                <Link to={`/case-studies#${snapshot.caseStudyId}`} className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
                  See how <ArrowRight className="size-4" aria-hidden />
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="case-studies" eyebrow="Client Success Stories" title="Real businesses, everyday problems solved" tone="white">
        <div className="grid gap-6 md:grid-cols-3">
          {loaderData.featured.map((study) => (
            <CaseStudySummary key={study.id} study={study} />
          ))}
        </div>
        <div className="mt-10 text-center">
          <Button asChild variant="outline" size="lg">
            <Link to="/case-studies">View All Case Studies</Link>
          </Button>
        </div>
      </Section>
      {/* Testimonials are chosen in the back office; with none for this page the section is left out. */}
      {loaderData.testimonials.length > 0 && (
        <Section id="testimonials" eyebrow="Testimonials" title="What owners tell us" tone="muted">
          <div className="grid gap-6 md:grid-cols-3">
            {loaderData.testimonials.map((testimonial, index) => (
              <TestimonialCard key={index} testimonial={testimonial} />
            ))}
          </div>
        </Section>
      )}
      <ClosingCta />
      <GetInTouch />
    </>
  )
}

function Hero() {
  const heroRef = useRef<HTMLElement>(null)
  const [before, after] = hero.title.split(hero.highlight)
  return (
    <section ref={heroRef} className="relative isolate overflow-hidden bg-navy-950 text-white">
      <HeroCanvas />
      <HeroCursor area={heroRef} />
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_80%_0%,rgb(124_58_237/0.35),transparent),radial-gradient(40rem_30rem_at_0%_100%,rgb(37_99_235/0.3),transparent)]" />
      <div className="relative mx-auto max-w-4xl px-4 py-24 text-center sm:px-6 sm:py-32 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-200 uppercase">{hero.eyebrow}</p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          {before}
          <span className="bg-gradient-to-r from-sky-300 to-violet-300 bg-clip-text text-transparent">{hero.highlight}</span>
          {after}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">{hero.subtitle}</p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <BookingButton place="hero" size="lg">
            {hero.primaryCta}
          </BookingButton>
          <Button asChild size="lg" variant="outline" className="border-white/30 bg-white/5 text-white hover:bg-white/10">
            <a href="#what-we-do">{hero.secondaryCta}</a>
          </Button>
        </div>
      </div>
    </section>
  )
}

function ClosingCta() {
  return (
    <section aria-labelledby="build-together" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-gradient-to-r from-brand-blue to-brand-violet px-6 py-12 text-center text-white shadow-xl sm:px-12">
          <h2 id="build-together" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {closingCta.title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-50">{closingCta.text}</p>
          <BookingButton place="strategy" size="lg" variant="outline" className="mt-8 border-white bg-white text-navy-950 hover:bg-indigo-50">
            {closingCta.button}
          </BookingButton>
        </div>
      </div>
    </section>
  )
}

function GetInTouch() {
  const { contactEmail, linkedinUrl, twitterUrl } = useSiteSettings()
  return (
    <Section id="contact" title={getInTouch.title} intro={getInTouch.text} tone="muted">
      <div className="flex flex-col items-center gap-4">
        <a href={`mailto:${contactEmail}`} className="inline-flex items-center gap-2 text-lg font-semibold text-primary underline-offset-4 hover:underline">
          <Mail className="size-5" aria-hidden />
          {contactEmail}
        </a>
        <SocialLinks linkedinUrl={linkedinUrl} twitterUrl={twitterUrl} className="flex gap-2" />
      </div>
    </Section>
  )
}
