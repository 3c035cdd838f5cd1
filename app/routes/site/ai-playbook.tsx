import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { CheckCircle2, Download } from 'lucide-react'
import { ConsentNote } from '~/components/site/consent-note'
import { RoiCalculator } from '~/components/site/roi-calculator'
import { PageHeader, Section } from '~/components/site/section'
import { LeadForm, leadFormFields, type LeadFormToasts } from '~/components/site/lead-form'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { playbook } from '~/content/playbook'
import { roiCalculator } from '~/content/roi-calculator'
import { playbookSchema } from '~/lib/schemas'
import type { PublicPageHandle } from '~/lib/public-page'
import { breadcrumbJsonLd, seo } from '~/lib/seo'
import { handleLeadForm } from '~/server/http/lead-form.server'
import type { Route } from './+types/ai-playbook'

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    ...pageAt(marketingPages, '/resources/ai-playbook'),
    jsonLd: breadcrumbJsonLd(matches, [
      { name: 'Resources', path: '/resources' },
      { name: 'AI Playbook', path: '/resources/ai-playbook' },
    ]),
  })

// The form posts as a page; the lead-form script checks it first, fills in its hidden fields (LeadForm)
// and makes the ROI calculator live.
export const handle: PublicPageHandle = { script: 'lead-form' }

/** A visitor sent back from a download link that no longer works is told why. */
export function loader({ request }: Route.LoaderArgs) {
  const link = new URL(request.url).searchParams.get('link')
  return { link: link === 'expired' || link === 'invalid' ? (link as keyof typeof playbook.link) : null }
}

export function action({ request, context }: Route.ActionArgs) {
  return handleLeadForm(request, context, 'playbook', playbookSchema)
}

export default function AiPlaybook({ loaderData, actionData }: Route.ComponentProps) {
  const delivered = actionData?.status === 'sent' ? actionData.playbook : undefined
  // The inbox is promised only when the e-mail really went out.
  const thanks = delivered && !delivered.emailed ? playbook.ready : playbook.thanks
  const toasts: LeadFormToasts = {
    sent: { title: thanks, description: undefined },
    failed: { title: 'There was a problem sending your request', description: 'Please try again in a moment.' },
  }
  const { errors, values } = leadFormFields(actionData)
  return (
    <>
      <PageHeader eyebrow="Resources" title={playbook.title} text={playbook.subtitle} />
      <Section tone="muted">
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <h2 className="text-2xl font-semibold">What's inside</h2>
            <ul className="mt-6 grid gap-4">
              {playbook.benefits.map((benefit) => (
                <li key={benefit} className="flex gap-3 rounded-xl bg-white p-4 shadow-xs" data-testid="playbook-benefit">
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                  {benefit}
                </li>
              ))}
            </ul>
          </div>
          <Card className="p-6 sm:p-8">
            <h2 className="text-2xl font-semibold">{playbook.formTitle}</h2>
            <LeadForm
              kind="playbook"
              id="playbook-form"
              result={actionData}
              toasts={toasts}
              className="relative mt-6 grid gap-5"
              notices={
                <>
                  {loaderData.link && !actionData && <Alert variant="destructive">{playbook.link[loaderData.link]}</Alert>}
                  {actionData?.status === 'sent' && <Alert>{thanks}</Alert>}
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
                  {actionData?.status === 'failed' && (
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
      <Section id="roi-calculator" title={roiCalculator.title} intro={roiCalculator.intro}>
        <RoiCalculator form="playbook-form" />
      </Section>
    </>
  )
}
