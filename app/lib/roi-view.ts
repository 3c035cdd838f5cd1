import { fillIn } from './fill-in'
import {
  estimateRoi,
  formatCount,
  formatHours,
  formatMoney,
  formatPercent,
  ROI_EXAMPLE,
  roiFields,
  roiInputsSchema,
  type RoiField,
  type RoiInputs,
} from './roi'

/*
 * What the ROI calculator shows for the inputs as typed: its totals, each step's sum and the messages.
 * Worked out here once, for the server's worksheet (components/site/roi-calculator.tsx) and the
 * script that makes it live (roi-calculator.enhance.ts) alike, so the two can never show different things.
 */

// Long enough that a screen reader hears one result when typing pauses, not one per keystroke.
export const ANNOUNCE_DELAY_MS = 800
export const MONEY_FIELDS: RoiField[] = ['roiMissedCalls', 'roiBookingRate', 'roiJobValue']
export const roiFieldId = (field: RoiField) => `field-${field}`
export type RoiTexts = Record<RoiField, string>

export const startingTexts = Object.fromEntries(roiFields.map((field) => [field, String(ROI_EXAMPLE[field])])) as RoiTexts

/** The calculator's words the view puts together (content/roi-calculator.ts). */
export interface RoiViewWords {
  /** What stands in for a total that cannot be worked out. */
  result: { missing: string }
  /** What screen readers hear once typing pauses: with the totals ({money}, {hours}), or the first problem ({problem}). */
  announce: string
  announceProblem: string
}

/** Every figure of one estimate, already formatted, for the worksheet's lines. */
export interface RoiWorkedNumbers extends Record<string, string> {
  missedCalls: string
  bookingRate: string
  jobValue: string
  adminHours: string
  jobsPerWeek: string
  moneyPerWeek: string
  moneyPerMonth: string
  hoursPerMonth: string
}

/** Each field as typed, checked on its own: its number when valid, else its message. */
function checkFields(texts: RoiTexts) {
  const values: RoiInputs = { roiMissedCalls: 0, roiBookingRate: 0, roiJobValue: 0, roiAdminHours: 0 }
  const errors: Partial<Record<RoiField, string>> = {}
  for (const field of roiFields) {
    const parsed = roiInputsSchema.shape[field].safeParse(texts[field])
    if (parsed.success) values[field] = parsed.data
    else errors[field] = parsed.error.issues[0]?.message ?? ''
  }
  return { values, errors }
}

export interface RoiView {
  errors: Partial<Record<RoiField, string>>
  /** Whether every one of `fields` holds a number the calculator takes. */
  valid: (fields: RoiField[]) => boolean
  moneyKnown: boolean
  hoursKnown: boolean
  money: string
  hours: string
  worked: RoiWorkedNumbers
  /** What a screen reader hears once typing pauses. */
  summary: string
}

export function roiView(texts: RoiTexts, copy: RoiViewWords): RoiView {
  const { values, errors } = checkFields(texts)
  const estimate = estimateRoi(values)
  const valid = (fields: RoiField[]) => fields.every((field) => !errors[field])
  const moneyKnown = valid(MONEY_FIELDS)
  const hoursKnown = valid(['roiAdminHours'])
  const money = moneyKnown ? formatMoney(estimate.moneyPerMonth) : copy.result.missing
  const hours = hoursKnown ? formatHours(estimate.hoursPerMonth) : copy.result.missing
  const worked: RoiWorkedNumbers = {
    missedCalls: formatCount(values.roiMissedCalls),
    bookingRate: formatPercent(values.roiBookingRate),
    jobValue: formatMoney(values.roiJobValue),
    adminHours: formatCount(values.roiAdminHours),
    jobsPerWeek: formatCount(estimate.jobsPerWeek),
    moneyPerWeek: formatMoney(estimate.moneyPerWeek),
    moneyPerMonth: formatMoney(estimate.moneyPerMonth),
    hoursPerMonth: formatHours(estimate.hoursPerMonth),
  }
  const firstError = roiFields.map((field) => errors[field]).find(Boolean)
  const summary = firstError ? fillIn(copy.announceProblem, { problem: firstError }) : fillIn(copy.announce, { money, hours })
  return { errors, valid, moneyKnown, hoursKnown, money, hours, worked, summary }
}

/** The message a field shows: an emptied field is being retyped, and its message waits until the person leaves it empty. */
export const shownError = (view: RoiView, texts: RoiTexts, field: RoiField, left: boolean | undefined) =>
  view.errors[field] && (texts[field].trim() !== '' || left) ? view.errors[field] : undefined

/** The classes of a step's two lines, worked out or paused. */
export const stepLineClass = {
  worked: 'mt-3 text-sm font-medium tabular-nums',
  result: 'text-lg font-bold tabular-nums',
  pausedWorked: 'mt-3 text-sm text-muted-foreground',
  pausedResult: 'text-lg font-bold',
}
