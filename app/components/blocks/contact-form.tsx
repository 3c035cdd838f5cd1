import { CalendarDays, Mail } from 'lucide-react'
import { BookingButton } from '~/components/site/booking-button'
import { ConsentNote } from '~/components/site/consent-note'
import { LeadForm, leadFormFields, type LeadFormToasts } from '~/components/site/lead-form'
import { Section } from '~/components/site/section'
import { useSiteSettings } from '~/components/site/use-site-settings'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import type { BlockViewProps } from './types'

// The spec fixes the outcomes' words, so they are the view's, not the block's.
const toasts: LeadFormToasts = {
  sent: { title: 'Message sent successfully!', description: "We'll be in touch with you shortly." },
  failed: { title: 'There was a problem sending your message', description: 'Please try again or contact us directly.' },
}

/** The contact form beside the booking card and the contact e-mail (from Settings). */
export function ContactFormBlock({ data, answer }: BlockViewProps<'contact-form'>) {
  const { contactEmail } = useSiteSettings()
  const { errors, values } = leadFormFields(answer)

  return (
    <Section tone={data.tone}>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Card className="p-6 sm:p-8">
          <h2 className="text-2xl font-semibold">{data.formTitle}</h2>
          <LeadForm
            kind="contact"
            result={answer}
            toasts={toasts}
            className="relative mt-6 grid gap-5"
            notices={
              <>
                {answer?.status === 'sent' && <Alert>Message sent successfully! We'll be in touch with you shortly.</Alert>}
                {answer?.status === 'failed' && (
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
            <h2 className="mt-3 text-xl font-semibold">{data.bookingTitle}</h2>
            {data.bookingText && <p className="mt-2 text-muted-foreground">{data.bookingText}</p>}
            <BookingButton place="strategy" className="mt-5">
              {data.bookingButton}
            </BookingButton>
          </Card>
          <Card className="p-6">
            <Mail className="size-8 text-primary" aria-hidden />
            <h2 className="mt-3 text-xl font-semibold">{data.emailTitle}</h2>
            <a href={`mailto:${contactEmail}`} className="mt-2 inline-block font-semibold text-primary underline-offset-4 hover:underline">
              {contactEmail}
            </a>
          </Card>
        </div>
      </div>
    </Section>
  )
}
