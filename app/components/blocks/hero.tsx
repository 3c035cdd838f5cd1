import { ArrowRight } from 'lucide-react'
import { BookingButton } from '~/components/site/booking-button'
import { HeroBackdrop } from '~/components/site/hero-backdrop'
import { Button } from '~/components/ui/button'
import type { BlockViewProps } from './types'

/** The home page's opening on a dark band: the headline with its highlighted words, the booking button, and proof beside it. */
export function HeroBlock({ data, extra }: BlockViewProps<'hero'>) {
  const at = data.highlight ? data.title.indexOf(data.highlight) : -1
  return (
    <section className="relative isolate overflow-hidden bg-navy-950 text-white">
      <HeroBackdrop />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_80%_0%,rgb(40_74_156/0.45),transparent),radial-gradient(40rem_30rem_at_0%_100%,rgb(19_34_74/0.8),transparent)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:px-8 lg:py-28">
        <div>
          {data.eyebrow && <p className="text-sm font-semibold tracking-wide text-navy-200 uppercase">{data.eyebrow}</p>}
          <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
            {at < 0 ? (
              data.title
            ) : (
              <>
                {data.title.slice(0, at)}
                <span className="text-accent-bright">{data.highlight}</span>
                {data.title.slice(at + data.highlight.length)}
              </>
            )}
          </h1>
          {data.subtitle && <p className="mt-6 max-w-2xl text-lg text-slate-300">{data.subtitle}</p>}
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <BookingButton place="hero" size="lg" variant="inverse">
              {data.primaryCta}
            </BookingButton>
            {data.secondaryCta && data.secondaryLink && (
              <Button asChild size="lg" variant="outline" className="border-white/30 bg-white/5 text-white hover:bg-white/10">
                <a href={data.secondaryLink}>{data.secondaryCta}</a>
              </Button>
            )}
          </div>
        </div>
        {extra.results.length > 0 && <HeroResults title={data.resultsTitle} results={extra.results} />}
      </div>
    </section>
  )
}

/** Figures from real studies, each a link to the study that backs it. */
function HeroResults({ title, results }: { title: string; results: BlockViewProps<'hero'>['extra']['results'] }) {
  return (
    <section aria-labelledby="hero-results-title" className="rounded-2xl border border-white/15 bg-white/5 p-6 backdrop-blur-sm sm:p-8">
      <h2 id="hero-results-title" className="text-sm font-semibold tracking-wide text-navy-200 uppercase">
        {title}
      </h2>
      <ul className="mt-2 divide-y divide-white/10">
        {results.map((result) => (
          <li key={result.id} data-testid="hero-result">
            <a
              href={result.href}
              className="group flex items-end justify-between gap-4 rounded-md py-4 outline-none focus-visible:ring-3 focus-visible:ring-ring/60"
            >
              <span>
                <span className="block font-display text-3xl font-semibold tracking-tight text-accent-bright tabular-nums sm:text-4xl">
                  {result.headline.figure}
                </span>
                <span className="mt-1 block text-slate-300">{result.headline.label}</span>
                <span className="mt-1 block text-sm font-semibold text-navy-200 group-hover:underline">{result.client}</span>
              </span>
              <ArrowRight
                className="mb-1 size-5 shrink-0 text-navy-200 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                aria-hidden
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
