import { ArrowRight } from 'lucide-react'
import { tileClasses } from '~/components/site/accent'
import { ReadCaseStudy } from '~/components/site/case-study-proof'
import { Section } from '~/components/site/section'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

// One row from tablet width up; six figures make two rows of three.
const COLUMNS = ['', '', 'md:grid-cols-2', 'md:grid-cols-3', 'md:grid-cols-4', 'md:grid-cols-5', 'md:grid-cols-3']

/** Results side by side, each under its client's name and with a link to the story behind it. */
export function FiguresBlock({ data }: BlockViewProps<'figures'>) {
  const dark = data.tone === 'dark'
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <ul className={cn('grid divide-y md:divide-x md:divide-y-0', COLUMNS[data.items.length], dark && 'divide-white/15')}>
        {data.items.map((figure, index) => (
          <li key={index} className="py-6 md:px-8 md:py-2 md:first:pl-0 md:last:pr-0" data-testid="success-snapshot">
            <span className={cn('inline-block rounded-full px-3 py-1 text-xs font-semibold', tileClasses)}>{figure.client}</span>
            <p className="mt-4 font-display text-2xl font-semibold text-balance">{figure.result}</p>
            {figure.link && (
              <a
                href={figure.link}
                className={cn(
                  'mt-4 inline-flex items-center gap-1 text-sm font-semibold hover:underline',
                  dark ? 'text-navy-200' : 'text-primary',
                )}
              >
                <ReadCaseStudy client={figure.client} /> <ArrowRight className="size-4" aria-hidden />
              </a>
            )}
          </li>
        ))}
      </ul>
    </Section>
  )
}
