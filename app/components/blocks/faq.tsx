import { FaqList } from '~/components/site/faq-list'
import { Section } from '~/components/site/section'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

/** The FAQ collection's questions as an accordion, with a closing line that may end in a link (such as to the contact page). */
export function FaqBlock({ data, extra }: BlockViewProps<'faq'>) {
  const linked = data.closingLinkLabel && data.closingLink
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <FaqList faqs={extra.items} className="mx-auto max-w-3xl" />
      {(data.closing || linked) && (
        <p className={cn('mt-10 text-center', data.tone === 'dark' ? 'text-slate-300' : 'text-muted-foreground')}>
          {data.closing}
          {data.closing && linked && ' '}
          {linked && (
            <>
              <a
                href={data.closingLink}
                className={cn('font-semibold hover:underline', data.tone === 'dark' ? 'text-white' : 'text-primary')}
              >
                {data.closingLinkLabel}
              </a>
              .
            </>
          )}
        </p>
      )}
    </Section>
  )
}
