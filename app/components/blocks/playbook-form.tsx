import { CheckCircle2, Download } from 'lucide-react'
import { ConsentNote } from '~/components/site/consent-note'
import { LeadForm, leadFormFields, type LeadFormToasts } from '~/components/site/lead-form'
import { RoiCalculator } from '~/components/site/roi-calculator'
import { Section } from '~/components/site/section'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { playbook } from '~/content/playbook'
import type { BlockViewProps } from './types'

/**
 * What the playbook holds beside the form that sends it, then the ROI calculator, whose numbers go
 * with the form. After a request the form offers the download at once.
 */
export function PlaybookFormBlock({ data, extra, answer }: BlockViewProps<'playbook-form'>) {
  const delivered = answer?.status === 'sent' ? answer.playbook : undefined
  // The inbox is promised only when the e-mail really went out.
  const thanks = delivered && !delivered.emailed ? playbook.ready : playbook.thanks
  const toasts: LeadFormToasts = {
    sent: { title: thanks, description: undefined },
    failed: { title: 'There was a problem sending your request', description: 'Please try again in a moment.' },
  }
  const { errors, values } = leadFormFields(answer)
  return (
    <>
      <Section tone={data.tone}>
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <h2 className="text-2xl font-semibold">{data.benefitsTitle}</h2>
            <ul className="mt-6 grid gap-4">
              {/* By place: two points may read the same. */}
              {data.benefits.map((benefit, index) => (
                <li key={index} className="flex gap-3 rounded-xl bg-white p-4 shadow-xs" data-testid="playbook-benefit">
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                  {benefit.text}
                </li>
              ))}
            </ul>
          </div>
          <Card className="p-6 sm:p-8">
            <h2 className="text-2xl font-semibold">{data.formTitle}</h2>
            <LeadForm
              kind="playbook"
              id="playbook-form"
              result={answer}
              toasts={toasts}
              className="relative mt-6 grid gap-5"
              notices={
                <>
                  {extra.link && !answer && <Alert variant="destructive">{playbook.link[extra.link]}</Alert>}
                  {answer?.status === 'sent' && <Alert>{thanks}</Alert>}
                  {delivered && (
                    <div className="grid gap-2 rounded-xl border border-success/30 bg-success/5 p-4">
                      <Button asChild size="lg" variant="default">
                        <a href={delivered.download} download data-testid="playbook-download">
                          <Download aria-hidden />
                          {playbook.download}
                        </a>
                      </Button>
                      <p className="text-center text-sm text-muted-foreground">{playbook.downloadNote}</p>
                    </div>
                  )}
                  {answer?.status === 'failed' && (
                    <Alert variant="destructive">There was a problem sending your request. Please try again in a moment.</Alert>
                  )}
                </>
              }
            >
              <FormField label="Your Name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
              <FormField
                label="Your Email"
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={values.email}
                error={errors.email}
              />
              <FormField
                label="Your Business"
                name="business"
                autoComplete="organization"
                optional
                defaultValue={values.business}
                error={errors.business}
              />
              <Button type="submit" size="lg" data-busy-label="Sending...">
                Download Free Playbook
              </Button>
              <ConsentNote />
            </LeadForm>
          </Card>
        </div>
      </Section>
      <Section id="roi-calculator" title={data.calculatorTitle} intro={data.calculatorIntro || undefined}>
        <RoiCalculator form="playbook-form" />
      </Section>
    </>
  )
}
