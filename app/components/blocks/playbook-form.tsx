import { CheckCircle2, Download } from 'lucide-react'
import { BookingButton } from '~/components/site/booking-button'
import { RoiCalculator } from '~/components/site/roi-calculator'
import { Section } from '~/components/site/section'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { bookingLabel } from '~/content/booking'
import { playbook } from '~/content/playbook'
import { LeadField, LeadFormCard } from './lead-form-card'
import type { BlockViewProps } from './types'

// The sent card's buttons may wrap their words: on a phone they are wider than the card.
const wrapping = 'h-auto min-h-12 py-3 text-center whitespace-normal'

/**
 * What the playbook holds beside the form that sends it, then the ROI calculator, whose numbers go
 * with the form. A request gives the form's place to the thanks, the download at once and the
 * booking the thanks invites to.
 */
export function PlaybookFormBlock({ data, extra, answer }: BlockViewProps<'playbook-form'>) {
  const delivered = answer?.status === 'sent' ? answer.playbook : undefined
  // The inbox is promised only when the e-mail really went out.
  const thanks = delivered && !delivered.emailed ? playbook.ready : playbook.thanks
  return (
    <>
      <Section tone={data.tone}>
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <h2 className="font-display text-2xl font-semibold">{data.benefitsTitle}</h2>
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
          <LeadFormCard
            title={data.formTitle}
            kind="playbook"
            id="playbook-form"
            answer={answer}
            failed="There was a problem sending your request. Please try again in a moment."
            notices={extra.link && !answer && <Alert variant="destructive">{playbook.link[extra.link]}</Alert>}
            sent={{
              title: data.formTitle,
              text: thanks,
              children: (
                <div className="mt-3 grid w-full gap-3">
                  {delivered && (
                    <div className="grid gap-2 rounded-xl border border-success/30 bg-success/5 p-4">
                      <Button asChild size="lg" className={wrapping}>
                        <a href={delivered.download} download data-testid="playbook-download">
                          <Download aria-hidden />
                          {playbook.download}
                        </a>
                      </Button>
                      <p className="text-center text-sm text-muted-foreground">{playbook.downloadNote}</p>
                    </div>
                  )}
                  <BookingButton place="strategy" size="lg" variant={delivered ? 'outline' : 'default'} className={wrapping}>
                    {bookingLabel}
                  </BookingButton>
                </div>
              ),
            }}
          >
            <LeadField name="name" label="Your Name" answer={answer} />
            <LeadField name="email" label="Your Email" answer={answer} />
            <LeadField name="business" label="Your Business" answer={answer} />
            <Button type="submit" size="lg" data-busy-label="Sending...">
              Download Free Playbook
            </Button>
          </LeadFormCard>
        </div>
      </Section>
      <Section id="roi-calculator" title={data.calculatorTitle} intro={data.calculatorIntro || undefined}>
        <RoiCalculator form="playbook-form" />
      </Section>
    </>
  )
}
