import { marketingPages } from '~/content/pages'
import { pageAt } from '~/lib/marketing-pages'
import { CalendarDays, Mail } from 'lucide-react'
import { BookingButton } from '~/components/site/booking-button'
import { ConsentNote } from '~/components/site/consent-note'
import { LocationsBlock } from '~/components/site/locations'
import { PageHeader, Section } from '~/components/site/section'
import { LeadForm, leadFormFields, type LeadFormToasts } from '~/components/site/lead-form'
import { useSiteSettings } from '~/components/site/use-site-settings'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { contactPage } from '~/content/contact'
import { contactSchema } from '~/lib/schemas'
import type { PublicPageHandle } from '~/lib/public-page'
import { seo } from '~/lib/seo'
import { handleLeadForm } from '~/server/http/lead-form.server'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = ({ matches }) => seo(matches, pageAt(marketingPages, '/contact'))

// The form posts as a page; the lead-form script checks it first and fills in its hidden fields (LeadForm).
export const handle: PublicPageHandle = { script: 'lead-form' }

export function action({ request, context }: Route.ActionArgs) {
  return handleLeadForm(request, context, 'contact', contactSchema)
}

const toasts: LeadFormToasts = {
  sent: { title: 'Message sent successfully!', description: "We'll be in touch with you shortly." },
  failed: { title: 'There was a problem sending your message', description: 'Please try again or contact us directly.' },
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const { contactEmail } = useSiteSettings()
  const { errors, values } = leadFormFields(actionData)

  return (
    <>
      <PageHeader title={contactPage.title} text={contactPage.text} />
      <Section tone="muted">
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <Card className="p-6 sm:p-8">
            <h2 className="text-2xl font-semibold">{contactPage.formTitle}</h2>
            <LeadForm
              kind="contact"
              result={actionData}
              toasts={toasts}
              className="relative mt-6 grid gap-5"
              notices={
                <>
                  {actionData?.status === 'sent' && <Alert>Message sent successfully! We'll be in touch with you shortly.</Alert>}
                  {actionData?.status === 'failed' && (
                    <Alert variant="destructive">There was a problem sending your message. Please try again or contact us directly.</Alert>
                  )}
                </>
              }
            >
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="Name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
                <FormField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={values.email}
                  error={errors.email}
                />
              </div>
              <FormField
                label="Business"
                name="business"
                autoComplete="organization"
                optional
                defaultValue={values.business}
                error={errors.business}
              />
              <FormField label="Message" name="message" multiline rows={5} required defaultValue={values.message} error={errors.message} />
              <Button type="submit" size="lg" data-busy-label="Sending..." className="justify-self-start">
                Send Message
              </Button>
              <ConsentNote />
            </LeadForm>
          </Card>
          <div className="grid content-start gap-6">
            <Card className="p-6">
              <CalendarDays className="size-8 text-primary" aria-hidden />
              <h2 className="mt-3 text-xl font-semibold">{contactPage.strategyCard.title}</h2>
              <p className="mt-2 text-muted-foreground">{contactPage.strategyCard.text}</p>
              <BookingButton place="strategy" className="mt-5">
                {contactPage.strategyCard.button}
              </BookingButton>
            </Card>
            <Card className="p-6">
              <Mail className="size-8 text-primary" aria-hidden />
              <h2 className="mt-3 text-xl font-semibold">{contactPage.emailTitle}</h2>
              <a
                href={`mailto:${contactEmail}`}
                className="mt-2 inline-block font-semibold text-primary underline-offset-4 hover:underline"
              >
                {contactEmail}
              </a>
            </Card>
          </div>
        </div>
      </Section>
      <LocationsBlock tone="white" />
    </>
  )
}
