import { DateTime } from '~/components/ui/date-time'
import { spamReasonLabels } from '~/lib/leads'
import { estimateRoi, formatHours, formatMoney, formatPercent, type RoiInputs } from '~/lib/roi'
import type { Inquiry, LeadSource } from '~/server/repositories/inquiries.server'

/** What a lead brought beside its words, as rows of the message's details list. */
export function LeadEvidence({ lead }: { lead: Pick<Inquiry, 'spamReason' | 'consent' | 'roiInputs' | 'source'> }) {
  return (
    <>
      {lead.spamReason && (
        <>
          <dt className="text-muted-foreground">Held</dt>
          <dd data-testid="spam-reason">{spamReasonLabels[lead.spamReason] ?? lead.spamReason}</dd>
        </>
      )}
      <LeadSourceRows source={lead.source} />
      <dt className="text-muted-foreground">Consent</dt>
      <dd data-testid="consent">
        {lead.consent ? (
          <details>
            <summary className="cursor-pointer">
              Agreed to version {lead.consent.version} on <DateTime iso={lead.consent.at} />
            </summary>
            <p className="mt-1 text-muted-foreground">{lead.consent.text}</p>
          </details>
        ) : (
          'Not recorded (sent before the forms asked for it)'
        )}
      </dd>
      {lead.roiInputs && <RoiRow inputs={lead.roiInputs} />}
    </>
  )
}

function RoiRow({ inputs }: { inputs: RoiInputs }) {
  const { moneyPerMonth, hoursPerMonth } = estimateRoi(inputs)
  return (
    <>
      <dt className="text-muted-foreground">ROI calculator</dt>
      <dd data-testid="roi-inputs">
        {inputs.roiMissedCalls} missed calls a week, {formatPercent(inputs.roiBookingRate)} would book, {formatMoney(inputs.roiJobValue)} a
        job, {inputs.roiAdminHours} admin hours a week: about {formatMoney(moneyPerMonth)} and {formatHours(hoursPerMonth)} a month
      </dd>
    </>
  )
}

/** Where the lead came from: the visit's first page and referring site, its campaign, and the form's page. */
function LeadSourceRows({ source }: { source: LeadSource }) {
  const campaign = [
    ['Source', source.utmSource],
    ['Medium', source.utmMedium],
    ['Campaign', source.utmCampaign],
    ['Term', source.utmTerm],
    ['Content', source.utmContent],
  ].filter((part): part is [string, string] => Boolean(part[1]))
  return (
    <>
      <dt className="text-muted-foreground">Landing page</dt>
      <dd data-testid="landing-page" className="break-all">
        {source.landingPage ?? 'Not known (sent without JavaScript, or before the site recorded it)'}
      </dd>
      <dt className="text-muted-foreground">Referred by</dt>
      <dd data-testid="referrer" className="break-all">
        {source.referrer ?? (source.landingPage ? 'No other site (typed in, bookmarked, or from an app)' : 'Not known')}
      </dd>
      {campaign.length > 0 && (
        <>
          <dt className="text-muted-foreground">Campaign</dt>
          <dd data-testid="campaign">{campaign.map(([label, value]) => `${label}: ${value}`).join(' · ')}</dd>
        </>
      )}
      <dt className="text-muted-foreground">Form sent from</dt>
      <dd data-testid="form-page" className="break-all">
        {source.formPage ?? 'Not known'}
      </dd>
    </>
  )
}
