import { marketingPage } from '~/content/pages'
import { Link } from 'react-router'
import { PageHeader, Section } from '~/components/site/section'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '~/components/ui/accordion'
import { faqs } from '~/content/faq'
import { breadcrumbJsonLd, seo } from '~/lib/seo'
import type { Route } from './+types/faq'

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    ...marketingPage('/resources/faq'),
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
        <Accordion type="single" collapsible className="mx-auto max-w-3xl">
          {faqs.map((faq, index) => (
            <AccordionItem key={faq.question} value={`faq-${index}`} data-testid="faq-item">
              <AccordionTrigger level={2}>{faq.question}</AccordionTrigger>
              <AccordionContent>{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
        <p className="mt-10 text-center text-muted-foreground">
          Still wondering about something?{' '}
          <Link to="/contact" className="font-semibold text-primary hover:underline">
            Ask us directly
          </Link>
          .
        </p>
      </Section>
    </>
  )
}
