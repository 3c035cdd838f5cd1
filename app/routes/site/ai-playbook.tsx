import { marketingPage } from '~/content/pages'
import { CheckCircle2, Download } from 'lucide-react'
import { Form } from 'react-router'
import { BotTraps } from '~/components/site/bot-traps'
import { ConsentNote } from '~/components/site/consent-note'
import { VisitFields } from '~/components/site/visit-fields'
import { RoiCalculator } from '~/components/site/roi-calculator'
import { PageHeader, Section } from '~/components/site/section'
import { useLeadForm } from '~/components/site/use-lead-form'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { playbook } from '~/content/playbook'
import { roiCalculator } from '~/content/roi-calculator'
import { playbookSchema } from '~/lib/schemas'
import type { RouteHandle } from '~/lib/served-plain'
import { breadcrumbJsonLd, seo } from '~/lib/seo'
import { handleLeadForm } from '~/server/http/lead-form.server'
import type { Route } from './+types/ai-playbook'

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    ...marketingPage('/resources/ai-playbook'),
    jsonLd: breadcrumbJsonLd(matches, [
      { name: 'Resources', path: '/resources' },
      { name: 'AI Playbook', path: '/resources/ai-playbook' },
    ]),
  })

// Served plain: the form posts as a page; app/enhance/lead-form.ts checks it first, fills in its
// hidden fields and makes the ROI calculator live (app/enhance/roi-calculator.ts).
export const handle: RouteHandle = { plain: true, script: 'lead-form' }

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
  const messages = {
    sent: { title: thanks, description: undefined },
    failed: { title: 'There was a problem sending your request', description: 'Please try again in a moment.' },
  }
  const { form, busy, errors, summary, values } = useLeadForm('playbook', playbookSchema, actionData, messages)
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
            <Form id="playbook-form" {...form} className="relative mt-6 grid gap-5">
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
              {actionData?.status === 'failed' && <Alert variant="destructive">There was a problem sending your request. Please try again in a moment.</Alert>}
              {/* Always there, so the plain page's script has a place to say what is wrong. */}
              <Alert variant="destructive" hidden={!summary} data-form-summary>
                {summary}
              </Alert>
              <BotTraps />
              <VisitFields />
              <FormField label="Your Name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
              <FormField label="Your Email" name="email" type="email" autoComplete="email" required defaultValue={values.email} error={errors.email} />
              <FormField label="Your Business" name="business" autoComplete="organization" optional defaultValue={values.business} error={errors.business} />
              <Button type="submit" size="lg" disabled={busy} data-busy-label="Sending...">
                {busy ? 'Sending...' : 'Download Free Playbook'}
              </Button>
              <ConsentNote />
            </Form>
          </Card>
        </div>
      </Section>
      <Section id="roi-calculator" title={roiCalculator.title} intro={roiCalculator.intro}>
        <RoiCalculator form="playbook-form" />
      </Section>
    </>
  )
}
