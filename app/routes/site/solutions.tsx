import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { Check } from 'lucide-react'
import { accentClasses } from '~/components/site/accent'
import { BookingButton } from '~/components/site/booking-button'
import { Icon } from '~/components/site/icon'
import { PageHeader } from '~/components/site/section'
import { solutions, solutionsClosing, solutionsIntro } from '~/content/solutions'
import { seo } from '~/lib/seo'
import { cn } from '~/lib/utils'
import type { Route } from './+types/solutions'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/solutions'))

export default function Solutions() {
  return (
    <>
      <PageHeader eyebrow="Solutions" title={solutionsIntro.title} text={solutionsIntro.text} />
      {solutions.map((solution, index) => {
        // The third kind of work sits on a full-bleed dark band; the others alternate sides and tones.
        const dark = index === 2
        return (
          <section
            key={solution.anchor}
            id={solution.anchor}
            aria-labelledby={`${solution.anchor}-title`}
            className={cn('scroll-mt-20 py-16 sm:py-20', dark ? 'bg-navy-950 text-white' : index % 2 ? 'bg-navy-50' : 'bg-white')}
          >
            <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
              <div className={cn(index % 2 === 1 && 'lg:order-last')}>
                <span className={cn('inline-flex size-12 items-center justify-center rounded-xl', accentClasses[solution.color])}>
                  <Icon name={solution.icon} className="size-6" />
                </span>
                <h2 id={`${solution.anchor}-title`} className="mt-4 font-display text-3xl font-semibold tracking-tight">
                  {solution.title}
                </h2>
                <p className={cn('mt-4 text-lg', dark ? 'text-slate-300' : 'text-muted-foreground')}>{solution.summary}</p>
                <p
                  className={cn(
                    'mt-6 rounded-xl border-l-4 p-4',
                    dark ? 'border-accent-bright bg-white/5' : 'border-primary bg-white/60 text-foreground',
                  )}
                >
                  {solution.example}
                </p>
              </div>
              <ul className="grid content-start gap-3">
                {solution.points.map((point) => (
                  <li
                    key={point}
                    className={cn('flex gap-3 rounded-xl border p-4 shadow-xs', dark ? 'border-white/15 bg-white/5' : 'bg-white')}
                  >
                    <Check className={cn('mt-0.5 size-5 shrink-0', dark ? 'text-accent-bright' : 'text-success')} aria-hidden />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        )
      })}
      <section aria-labelledby="solutions-closing" className="border-t bg-white py-16 sm:py-20">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6">
          <h2 id="solutions-closing" className="font-display text-3xl font-semibold tracking-tight">
            {solutionsClosing.title}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{solutionsClosing.text}</p>
          <BookingButton place="strategy" size="lg" className="mt-8">
            Book a Strategy Session
          </BookingButton>
        </div>
      </section>
    </>
  )
}
