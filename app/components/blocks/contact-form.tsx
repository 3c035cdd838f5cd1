import { CalendarDays, Mail } from 'lucide-react'
import { BookingButton } from '~/components/site/booking-button'
import { FirstCall } from '~/components/site/first-call'
import { PhoneCard } from '~/components/site/phone-link'
import { Section } from '~/components/site/section'
import { useSiteSettings } from '~/components/site/use-site-settings'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { LeadField, LeadFormCard, type LeadFormSent } from './lead-form-card'
import type { BlockViewProps } from './types'

// The spec fixes the outcomes' words, so they are the view's, not the block's.
const sent: LeadFormSent = {
  title: 'Message sent successfully!',
  text: "We'll be in touch with you shortly.",
  again: { label: 'Send another message', anchor: 'another-message' },
}
const failed = 'There was a problem sending your message. Please try again or contact us directly.'

/** The contact form beside the booking card and the contact e-mail (from Settings). */
export function ContactFormBlock({ data, extra, answer }: BlockViewProps<'contact-form'>) {
  const { contactEmail } = useSiteSettings()

  return (
    <Section tone={data.tone}>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <LeadFormCard title={data.formTitle} kind="contact" answer={answer} failed={failed} sent={sent}>
          {/* Top-aligned, so a message under one field hangs below it instead of pushing its neighbour down. */}
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <LeadField name="name" label="Name" answer={answer} />
            <LeadField name="email" label="Email" answer={answer} />
          </div>
          <LeadField name="business" label="Business" answer={answer} />
          <LeadField name="message" label="Message" answer={answer} />
          <Button type="submit" size="lg" data-busy-label="Sending..." className="justify-self-start">
            Send Message
          </Button>
        </LeadFormCard>
        <div className="grid content-start gap-6">
          <Card className="p-6">
            <CalendarDays className="size-8 text-primary" aria-hidden />
            <h2 className="mt-3 font-display text-xl font-semibold">{data.bookingTitle}</h2>
            {data.bookingText && <p className="mt-2 text-muted-foreground">{data.bookingText}</p>}
            <FirstCall call={extra} withHost={false} className="mt-5 border-t pt-5" />
            <BookingButton place="strategy" className="mt-5">
              {data.bookingButton}
            </BookingButton>
          </Card>
          <Card className="p-6">
            <Mail className="size-8 text-primary" aria-hidden />
            <h2 className="mt-3 font-display text-xl font-semibold">{data.emailTitle}</h2>
            <a href={`mailto:${contactEmail}`} className="mt-2 inline-block font-semibold text-primary underline-offset-4 hover:underline">
              {contactEmail}
            </a>
          </Card>
          <PhoneCard />
        </div>
      </div>
    </Section>
  )
}
