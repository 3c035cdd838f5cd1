import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { PageHeader, Section } from '~/components/site/section'
import { FaqList } from '~/components/site/faq-list'
import { faqs } from '~/content/faq'
import { breadcrumbJsonLd, seo } from '~/lib/seo'
import type { Route } from './+types/faq'

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    ...pageAt(marketingPages, '/resources/faq'),
    jsonLd: [
      {
        '@type': 'FAQPage',
        mainEntity: faqs.map((faq) => ({
          '@type': 'Question',
          name: faq.question,
          acceptedAnswer: { '@type': 'Answer', text: faq.answer },
        })),
      },
      breadcrumbJsonLd(matches, [
        { name: 'Resources', path: '/resources' },
        { name: 'FAQ', path: '/resources/faq' },
      ]),
    ],
  })

export default function Faq() {
  return (
    <>
      <PageHeader eyebrow="Resources" title="Frequently Asked Questions" text="Straight answers to what owners ask us most." />
      <Section tone="white">
        <FaqList faqs={faqs} className="mx-auto max-w-3xl" />
        <p className="mt-10 text-center text-muted-foreground">
          Still wondering about something?{' '}
          <a href="/contact" className="font-semibold text-primary hover:underline">
            Ask us directly
          </a>
          .
        </p>
      </Section>
    </>
  )
}
