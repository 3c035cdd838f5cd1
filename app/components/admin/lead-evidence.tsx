import { DateTime } from '~/components/ui/date-time'
import { spamReasonLabels } from '~/lib/leads'
import { estimateRoi, formatHours, formatMoney, formatPercent, type RoiInputs, roiInputsSchema } from '~/lib/roi'

interface Evidence {
  spam_reason: string | null
  consent_version: string | null
  consent_text: string | null
  consented_at: string | null
  roi_inputs: string | null
}

type Source = Record<'landing_page' | 'referrer' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content' | 'form_page', string | null>

/** What a lead brought beside its words, as rows of the message's details list. */
export function LeadEvidence({ lead }: { lead: Evidence & Source }) {
  const roi = lead.roi_inputs ? roiInputsSchema.safeParse(JSON.parse(lead.roi_inputs)) : null
  return (
    <>
      {lead.spam_reason && (
        <>
          <dt className="text-muted-foreground">Held</dt>
          <dd data-testid="spam-reason">{spamReasonLabels[lead.spam_reason] ?? lead.spam_reason}</dd>
        </>
      )}
      <LeadSource lead={lead} />
      <dt className="text-muted-foreground">Consent</dt>
      <dd data-testid="consent">
        {lead.consent_text && lead.consented_at ? (
          <details>
            <summary className="cursor-pointer">
              Agreed to version {lead.consent_version} on <DateTime iso={lead.consented_at} />
            </summary>
            <p className="mt-1 text-muted-foreground">{lead.consent_text}</p>
          </details>
        ) : (
          'Not recorded (sent before the forms asked for it)'
        )}
      </dd>
      {roi?.success && <RoiRow inputs={roi.data} />}
    </>
  )
}

function RoiRow({ inputs }: { inputs: RoiInputs }) {
  const { moneyPerMonth, hoursPerMonth } = estimateRoi(inputs)
  return (
    <>
      <dt className="text-muted-foreground">ROI calculator</dt>
      <dd data-testid="roi-inputs">
        {inputs.roiMissedCalls} missed calls a week, {formatPercent(inputs.roiBookingRate)} would book, {formatMoney(inputs.roiJobValue)} a job,{' '}
        {inputs.roiAdminHours} admin hours a week: about {formatMoney(moneyPerMonth)} and {formatHours(hoursPerMonth)} a month
      </dd>
    </>
  )
}

/** Where the lead came from: the visit's first page and referring site, its campaign, and the form's page. */
function LeadSource({ lead }: { lead: Source }) {
  const campaign = [
    ['Source', lead.utm_source],
    ['Medium', lead.utm_medium],
    ['Campaign', lead.utm_campaign],
    ['Term', lead.utm_term],
    ['Content', lead.utm_content],
  ].filter((part): part is [string, string] => Boolean(part[1]))
  return (
    <>
      <dt className="text-muted-foreground">Landing page</dt>
      <dd data-testid="landing-page" className="break-all">
        {lead.landing_page ?? 'Not known (sent without JavaScript, or before the site recorded it)'}
      </dd>
      <dt className="text-muted-foreground">Referred by</dt>
      <dd data-testid="referrer" className="break-all">
        {lead.referrer ?? (lead.landing_page ? 'No other site (typed in, bookmarked, or from an app)' : 'Not known')}
      </dd>
      {campaign.length > 0 && (
        <>
          <dt className="text-muted-foreground">Campaign</dt>
          <dd data-testid="campaign">{campaign.map(([label, value]) => `${label}: ${value}`).join(' · ')}</dd>
        </>
      )}
      <dt className="text-muted-foreground">Form sent from</dt>
      <dd data-testid="form-page" className="break-all">
        {lead.form_page ?? 'Not known'}
      </dd>
    </>
  )
}
