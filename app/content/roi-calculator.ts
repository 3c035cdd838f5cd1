import { ADMIN_SHARE, MONTHS_PER_YEAR, WEEKS_PER_YEAR, formatPercent, type RoiField } from '~/lib/roi'
import type { RoiViewWords } from '~/lib/roi-view'

export interface RoiStep {
  title: string
  /** The sum in words. */
  formula: string
  /** The same sum with the numbers filled in, and what it comes to: gaps named as RoiWorkedNumbers (lib/roi-view.ts). */
  worked: string
  result: string
  /** The inputs the step cannot be worked out without. */
  needs: RoiField[]
}

// The assumption the maths makes (lib/roi.ts), worded from the same number so the two cannot drift.
const adminShare = formatPercent(ADMIN_SHARE * 100)
const perMonth = `${WEEKS_PER_YEAR} ÷ ${MONTHS_PER_YEAR}`

export const roiCalculator: RoiViewWords & {
  inputsTitle: string
  /** Under the inputs: with the live calculator, and for the worksheet shown without scripts. */
  liveNote: string
  exampleNote: string
  fields: Record<RoiField, { label: string; hint: string }>
  result: { liveLabel: string; exampleLabel: string; title: string; money: string; hours: string; missing: string; paused: string }
  disclaimer: string
  worksheet: { title: string; liveNote: string; exampleNote: string; steps: RoiStep[] }
  assumptionsTitle: string
  assumptions: string[]
} = {
  inputsTitle: 'Your week in numbers',
  liveNote: 'Change any number and the totals update as you type.',
  exampleNote: 'The totals show a worked example for these starting numbers. Follow the sums below with your own.',
  fields: {
    roiMissedCalls: {
      label: 'Calls missed per week',
      hint: 'Calls that ring out or go to voicemail in a normal week. A number of calls, like 10.',
    },
    roiBookingRate: {
      label: 'Share that would have booked',
      hint: 'Out of 100 of those callers, how many would have booked? A percentage from 0 to 100.',
    },
    roiJobValue: {
      label: 'Average job value',
      hint: 'What a typical job or visit brings in, in US dollars.',
    },
    roiAdminHours: {
      label: 'Admin hours per week',
      hint: `Hours a week spent on booking, reminders, invoices and follow-ups. We count ${adminShare} of them as work AI can take over.`,
    },
  },
  result: {
    liveLabel: 'Your estimate',
    exampleLabel: 'Worked example',
    title: 'Each month, AI could give you back',
    money: 'in jobs from calls you miss today',
    hours: 'of admin off your plate',
    missing: '—',
    paused: 'Fix the flagged number to see this.',
  },
  disclaimer: 'An estimate before the cost of any tools or our work. Real results vary from one business to the next.',
  worksheet: {
    title: 'How it adds up',
    liveNote: 'Worked out with your numbers.',
    exampleNote: 'A worked example with the starting numbers.',
    steps: [
      {
        title: 'Jobs you miss each week',
        formula: 'Calls missed per week × share that would have booked',
        worked: '{missedCalls} × {bookingRate}',
        result: '{jobsPerWeek}',
        needs: ['roiMissedCalls', 'roiBookingRate'],
      },
      {
        title: 'Money you miss each week',
        formula: 'Jobs missed each week × average job value',
        worked: '{jobsPerWeek} × {jobValue}',
        result: '{moneyPerWeek}',
        needs: ['roiMissedCalls', 'roiBookingRate', 'roiJobValue'],
      },
      {
        title: 'Money back each month',
        formula: `Money missed each week × ${WEEKS_PER_YEAR} weeks ÷ ${MONTHS_PER_YEAR} months`,
        worked: `{moneyPerWeek} × ${perMonth}`,
        result: '{moneyPerMonth}',
        needs: ['roiMissedCalls', 'roiBookingRate', 'roiJobValue'],
      },
      {
        title: 'Hours back each month',
        formula: `Admin hours per week × ${adminShare} AI can take over × ${WEEKS_PER_YEAR} weeks ÷ ${MONTHS_PER_YEAR} months`,
        worked: `{adminHours} × ${adminShare} × ${perMonth}`,
        result: '{hoursPerMonth}',
        needs: ['roiAdminHours'],
      },
    ],
  },
  assumptionsTitle: 'What we assume',
  assumptions: [
    `A month is ${WEEKS_PER_YEAR} weeks ÷ ${MONTHS_PER_YEAR}, about ${(WEEKS_PER_YEAR / MONTHS_PER_YEAR).toFixed(2)} weeks.`,
    'An AI receptionist picks up every call you miss today, and those callers book as often as the ones you answer yourself.',
    `AI takes over about ${adminShare} of your admin hours: booking, reminders, follow-ups and data entry. The rest still needs a person.`,
  ],
  announce: 'Your estimate: {money} and {hours} back each month.',
  announceProblem: 'Estimate paused. {problem}.',
}
