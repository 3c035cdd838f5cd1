import { Check } from 'lucide-react'
import { accentClasses } from '~/components/site/accent'
import { BookingButton } from '~/components/site/booking-button'
import { Icon } from '~/components/site/icon'
import { PageHeader } from '~/components/site/section'
import { solutions, solutionsIntro } from '~/content/solutions'
import { seo } from '~/lib/seo'
import { cn } from '~/lib/utils'
import type { Route } from './+types/solutions'

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: 'Solutions', description: solutionsIntro.text, path: '/solutions' })

export default function Solutions() {
  return (
    <>
      <PageHeader eyebrow="Solutions" title={solutionsIntro.title} text={solutionsIntro.text} />
      {solutions.map((solution, index) => (
        <section
          key={solution.anchor}
          id={solution.anchor}
          aria-labelledby={`${solution.anchor}-title`}
          className={cn('scroll-mt-20 py-16 sm:py-20', index % 2 ? 'bg-navy-50' : 'bg-white')}
        >
          <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
            <div>
              <span className={cn('inline-flex size-12 items-center justify-center rounded-xl', accentClasses[solution.color])}>
                <Icon name={solution.icon} className="size-6" />
              </span>
              <h2 id={`${solution.anchor}-title`} className="mt-4 text-3xl font-bold tracking-tight">
                {solution.title}
              </h2>
              <p className="mt-4 text-lg text-muted-foreground">{solution.summary}</p>
              <p className="mt-6 rounded-xl border-l-4 border-primary bg-white/60 p-4 text-foreground">{solution.example}</p>
            </div>
            <ul className="grid content-start gap-3">
              {solution.points.map((point) => (
                <li key={point} className="flex gap-3 rounded-xl border bg-white p-4 shadow-xs">
                  <Check className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
      <section className="bg-white pb-20 text-center">
        <BookingButton place="strategy" size="lg">
          Book a Strategy Session
        </BookingButton>
      </section>
    </>
  )
}
