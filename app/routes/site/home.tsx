import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { ArrowRight, Mail } from 'lucide-react'
import { accentClasses } from '~/components/site/accent'
import { BookingButton } from '~/components/site/booking-button'
import { CaseStudySummary } from '~/components/site/case-study-summary'
import { ClientMark } from '~/components/site/client-mark'
import { FeatureCard, FeatureItem } from '~/components/site/feature-card'
import { HeroBackdrop } from '~/components/site/hero-backdrop'
import { Section } from '~/components/site/section'
import { SocialLinks } from '~/components/site/social-icons'
import { TestimonialCard } from '~/components/site/testimonial-card'
import { useSiteSettings } from '~/components/site/use-site-settings'
import { Button } from '~/components/ui/button'
import {
  closingCta,
  featuredCaseStudyIds,
  firstThirtyDays,
  getInTouch,
  hero,
  pillars,
  reasons,
  services,
  successSnapshots,
} from '~/content/home'
import { caseStudyCardHref, caseStudyHref } from '~/lib/case-study-links'
import { seo } from '~/lib/seo'
import { cn } from '~/lib/utils'
import { listCaseStudies } from '~/server/repositories/case-studies.server'
import { listTestimonialsFor } from '~/server/repositories/testimonials.server'
import { describeImages } from '~/server/services/media.server'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/'))

const HEADLINE_RESULTS = 3

export async function loader({ context }: Route.LoaderArgs) {
  const [studies, testimonials] = await Promise.all([listCaseStudies(context.db), listTestimonialsFor(context.db, 'home')])
  const byId = new Map(studies.map((study) => [study.id, study]))
  const featured = featuredCaseStudyIds.flatMap((id) => byId.get(id) ?? [])
  // Addresses are made here, so the page's script needs no module for them (docs/decisions/041-a-site-that-sells-proof-from-the-database.md).
  return {
    featured: featured.map((study) => ({ ...study, href: caseStudyCardHref(study.id) })),
    images: await describeImages(
      context.db,
      featured.map((study) => study.imageUrl),
    ),
    snapshots: successSnapshots.map((snapshot) => ({ ...snapshot, href: caseStudyCardHref(snapshot.caseStudyId) })),
    // The proof in the hero follows the studies: the first ones, in the admin's order, that have a headline.
    headlineResults: studies
      .flatMap(({ id, slug, client, headline }) => (headline ? [{ id, client, headline, href: caseStudyHref(slug) }] : []))
      .slice(0, HEADLINE_RESULTS),
    clients: studies.map(({ id, slug, client }) => ({ id, client, href: caseStudyHref(slug) })),
    testimonials,
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero results={loaderData.headlineResults} />
      <ClientMarks clients={loaderData.clients} />
      <Section id="what-we-do" eyebrow="What We Do" title="Three ways we take work off your plate" tone="white">
        <div className="grid gap-6 md:grid-cols-3">
          {pillars.map((pillar) => (
            <FeatureCard key={pillar.title} feature={pillar} />
          ))}
        </div>
      </Section>
      <Section id="solutions" eyebrow="Services" title="From first idea to a system your team uses" tone="muted" split>
        <ul className="grid gap-x-10 gap-y-10 sm:grid-cols-2">
          {services.map((service) => (
            <li key={service.title}>
              <FeatureItem feature={service} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="why-choose-us" eyebrow="Why Choose Us" title="Built for owners who are short on time" tone="white" split>
        <ol className="divide-y border-y">
          {reasons.map((reason, index) => (
            <li key={reason.title} className="grid gap-2 py-6 sm:grid-cols-[4rem_minmax(0,1fr)]">
              <span aria-hidden className="font-display text-2xl font-semibold text-accent-deep tabular-nums">
                {String(index + 1).padStart(2, '0')}
              </span>
              <div>
                <h3 className="text-lg font-semibold">{reason.title}</h3>
                <p className="mt-1 text-muted-foreground">{reason.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <FirstThirtyDays />
      <Section id="client-success" eyebrow="Client Success Snapshot" title="Small changes, steady results" tone="muted">
        <ul className="grid divide-y md:grid-cols-3 md:divide-x md:divide-y-0">
          {loaderData.snapshots.map((snapshot) => (
            <li key={snapshot.caseStudyId} className="py-6 md:px-8 md:py-2 md:first:pl-0 md:last:pr-0" data-testid="success-snapshot">
              <span className={cn('inline-block rounded-full px-3 py-1 text-xs font-semibold', accentClasses[snapshot.color])}>
                {snapshot.company}
              </span>
              <p className="mt-4 font-display text-2xl font-semibold text-balance">{snapshot.result}</p>
              <a href={snapshot.href} className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
                See how <ArrowRight className="size-4" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="case-studies" eyebrow="Client Success Stories" title="Real businesses, everyday problems solved" tone="white">
        <div className="grid gap-6 md:grid-cols-3">
          {loaderData.featured.map((study) => (
            <CaseStudySummary key={study.id} study={study} image={loaderData.images[study.imageUrl]} href={study.href} />
          ))}
        </div>
        <div className="mt-10 text-center">
          <Button asChild variant="outline" size="lg">
            <a href="/case-studies">View All Case Studies</a>
          </Button>
        </div>
      </Section>
      {/* Testimonials are chosen in the back office; with none for this page the section is left out. */}
      {loaderData.testimonials.length > 0 && (
        <Section id="testimonials" eyebrow="Testimonials" title="What owners tell us" tone="muted">
          <div className="grid gap-6 md:grid-cols-3 md:grid-balance-3">
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

type HeadlineResult = Route.ComponentProps['loaderData']['headlineResults'][number]

function Hero({ results }: { results: HeadlineResult[] }) {
  const [before, after] = hero.title.split(hero.highlight)
  return (
    <section className="relative isolate overflow-hidden bg-navy-950 text-white">
      <HeroBackdrop />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_80%_0%,rgb(124_58_237/0.35),transparent),radial-gradient(40rem_30rem_at_0%_100%,rgb(37_99_235/0.3),transparent)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:px-8 lg:py-28">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-200 uppercase">{hero.eyebrow}</p>
          <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
            {before}
            <span className="text-accent-bright">{hero.highlight}</span>
            {after}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-300">{hero.subtitle}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <BookingButton place="hero" size="lg">
              {hero.primaryCta}
            </BookingButton>
            <Button asChild size="lg" variant="outline" className="border-white/30 bg-white/5 text-white hover:bg-white/10">
              <a href="#what-we-do">{hero.secondaryCta}</a>
            </Button>
          </div>
        </div>
        {results.length > 0 && <HeroResults results={results} />}
      </div>
    </section>
  )
}

/** Figures from real studies, each a link to the study that backs it. */
function HeroResults({ results }: { results: HeadlineResult[] }) {
  return (
    <section aria-labelledby="hero-results-title" className="rounded-2xl border border-white/15 bg-white/5 p-6 backdrop-blur-sm sm:p-8">
      <h2 id="hero-results-title" className="text-sm font-semibold tracking-wide text-indigo-200 uppercase">
        {hero.resultsTitle}
      </h2>
      <ul className="mt-2 divide-y divide-white/10">
        {results.map((result) => (
          <li key={result.id} data-testid="hero-result">
            <a
              href={result.href}
              className="group flex items-end justify-between gap-4 rounded-md py-4 outline-none focus-visible:ring-3 focus-visible:ring-ring/60"
            >
              <span>
                <span className="block font-display text-3xl font-semibold tracking-tight text-white tabular-nums sm:text-4xl">
                  {result.headline.figure}
                </span>
                <span className="mt-1 block text-slate-300">{result.headline.label}</span>
                <span className="mt-1 block text-sm font-semibold text-indigo-200 group-hover:underline">{result.client}</span>
              </span>
              <ArrowRight
                className="mb-1 size-5 shrink-0 text-indigo-200 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                aria-hidden
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Every client with a story on the site, as a quiet row of wordmarks that lead to their stories. */
function ClientMarks({ clients }: { clients: Route.ComponentProps['loaderData']['clients'] }) {
  return (
    <section aria-labelledby="clients-title" className="border-b bg-white py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="clients-title" className="text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {hero.clientsTitle}
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
          {clients.map(({ id, client, href }) => (
            <li key={id}>
              <a
                href={href}
                className="block rounded-sm text-slate-600 transition-colors outline-none hover:text-navy-950 focus-visible:ring-3 focus-visible:ring-ring/50 motion-reduce:transition-none"
              >
                <ClientMark name={client} className="h-8 text-sm" />
                <span className="sr-only"> case study</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/** The numbered process: a full-bleed dark band, four steps from the first call to day 30. */
function FirstThirtyDays() {
  return (
    <section aria-labelledby="first-30-days-title" className="bg-navy-950 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-200 uppercase">{firstThirtyDays.eyebrow}</p>
        <h2 id="first-30-days-title" className="mt-2 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          {firstThirtyDays.title}
        </h2>
        <ol className="reveal mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-4 lg:gap-8">
          {firstThirtyDays.steps.map((step, index) => (
            <li key={step.title} className="relative border-t border-white/20 pt-6">
              <span
                aria-hidden
                className="absolute -top-3.5 left-0 inline-flex size-7 items-center justify-center rounded-full bg-accent-bright text-sm font-bold text-navy-950"
              >
                {index + 1}
              </span>
              <p className="text-sm font-semibold text-accent-bright">{step.when}</p>
              <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-slate-300">{step.text}</p>
            </li>
          ))}
        </ol>
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
          <BookingButton
            place="strategy"
            size="lg"
            variant="outline"
            className="mt-8 border-white bg-white text-navy-950 hover:bg-indigo-50"
          >
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
        <a
          href={`mailto:${contactEmail}`}
          className="inline-flex items-center gap-2 text-lg font-semibold text-primary underline-offset-4 hover:underline"
        >
          <Mail className="size-5" aria-hidden />
          {contactEmail}
        </a>
        <SocialLinks linkedinUrl={linkedinUrl} twitterUrl={twitterUrl} className="flex gap-2" />
      </div>
    </Section>
  )
}
