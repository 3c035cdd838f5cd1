import { z } from './zod'

/*
 * What answering every missed call and handing routine admin to AI could be worth in a month. The
 * playbook page's calculator (live in the browser, and as its worked example without scripts) and
 * the PDF's worksheet both work from these formulas, so no two sums of the same thing can disagree.
 */

export const WEEKS_PER_YEAR = 52
export const MONTHS_PER_YEAR = 12
/** The share of a business's admin hours we assume AI can take over; the rest still needs a person. */
export const ADMIN_SHARE = 0.5

/** Largest values the calculator takes: beyond them the figure is a typo, not a small business. */
export const ROI_LIMITS = {
  roiMissedCalls: 1_000,
  roiBookingRate: 100,
  roiJobValue: 100_000,
  roiAdminHours: 500,
} as const

/**
 * A number as a person types it: "$1,250", " 30% " and "12." all count, and so do plain numbers
 * (a form sends strings, code may pass numbers). An empty field becomes undefined and anything else
 * that is not a plain decimal becomes NaN, so the schema can tell "missing" from "not a number".
 * Exponents, hex and "Infinity" are refused on purpose: nobody types them for a job value.
 */
function typedNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const cleaned = value.replace(/[\s,$%]/g, '')
  if (cleaned === '') return undefined
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

interface FieldMessages {
  required: string
  notANumber: string
  negative: string
  tooLarge: string
}

function amount(max: number, messages: FieldMessages) {
  return z.preprocess(
    typedNumber,
    z
      .number({
        // A long enough run of digits reads as Infinity, which z.number refuses as not a number.
        error: ({ input }) =>
          input === undefined
            ? messages.required
            : input === Infinity
              ? messages.tooLarge
              : input === -Infinity
                ? messages.negative
                : messages.notANumber,
      })
      .min(0, messages.negative)
      .max(max, messages.tooLarge),
  )
}

/** The calculator's four inputs, named as the fields the playbook form sends them under. */
export const roiInputsSchema = z.object({
  roiMissedCalls: amount(ROI_LIMITS.roiMissedCalls, {
    required: 'Enter how many calls you miss in a week, or 0',
    notANumber: 'Enter the calls as a number, like 10',
    negative: "Calls missed can't be less than 0",
    tooLarge: 'Enter 1,000 calls a week or fewer',
  }),
  roiBookingRate: amount(ROI_LIMITS.roiBookingRate, {
    required: 'Enter a percentage from 0 to 100',
    notANumber: 'Enter the share as a number from 0 to 100, like 30',
    negative: "The share can't be less than 0%",
    tooLarge: "The share can't be more than 100%",
  }),
  roiJobValue: amount(ROI_LIMITS.roiJobValue, {
    required: 'Enter your average job value in dollars, or 0',
    notANumber: 'Enter the job value as a number of dollars, like 250',
    negative: "The job value can't be less than $0",
    tooLarge: 'Enter a job value of $100,000 or less',
  }),
  roiAdminHours: amount(ROI_LIMITS.roiAdminHours, {
    required: 'Enter your admin hours in a week, or 0',
    notANumber: 'Enter the hours as a number, like 10',
    negative: "Admin hours can't be less than 0",
    tooLarge: 'Enter 500 hours a week or fewer',
  }),
})

export type RoiInputs = z.output<typeof roiInputsSchema>
export type RoiField = keyof RoiInputs
export const roiFields = Object.keys(roiInputsSchema.shape) as RoiField[]

/** The worked example, where the calculator starts. */
export const ROI_EXAMPLE: RoiInputs = { roiMissedCalls: 10, roiBookingRate: 30, roiJobValue: 250, roiAdminHours: 10 }

/** A month is 52 weeks / 12; multiplying before dividing keeps round inputs giving round results. */
export const perMonth = (perWeek: number) => (perWeek * WEEKS_PER_YEAR) / MONTHS_PER_YEAR

/** Jobs that missed calls cost: the calls × the share of those callers (a percentage) who would have booked. */
export const jobsFromMissedCalls = (missedCalls: number, bookingRate: number) => (missedCalls * bookingRate) / 100

/** Admin hours AI takes over: the hours × the share of them (a percentage) it can handle. */
export const hoursTakenOver = (adminHours: number, share: number) => (adminHours * share) / 100

export interface RoiEstimate {
  /** Money from the booked jobs that missed calls cost today, per month. */
  moneyPerMonth: number
  /** Admin hours AI takes over, per month. */
  hoursPerMonth: number
  /** The worksheet's steps on the way there. */
  jobsPerWeek: number
  moneyPerWeek: number
  hoursPerWeek: number
}

/** The calculator's estimate. */
export function estimateRoi(inputs: RoiInputs): RoiEstimate {
  const jobsPerWeek = jobsFromMissedCalls(inputs.roiMissedCalls, inputs.roiBookingRate)
  const moneyPerWeek = jobsPerWeek * inputs.roiJobValue
  const hoursPerWeek = hoursTakenOver(inputs.roiAdminHours, ADMIN_SHARE * 100)
  return { moneyPerMonth: perMonth(moneyPerWeek), hoursPerMonth: perMonth(hoursPerWeek), jobsPerWeek, moneyPerWeek, hoursPerWeek }
}

/**
 * The seven numbers the PDF's worksheet asks for, by the letters it prints: A calls missed a week,
 * B the share who would book, C a job's value, D admin hours a week, E the share a tool could
 * handle, F what an hour costs, G the tool's monthly cost.
 */
export type WorksheetKey = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G'

/** The worksheet's five lines. */
export interface WorksheetEstimate {
  jobsPerMonth: number
  moneyPerMonth: number
  hoursPerMonth: number
  hoursValuePerMonth: number
  netPerMonth: number
}

/**
 * The worksheet's five lines, as printed under "Now work it out" (content/playbook-guide.ts). The
 * PDF's edition hash sees only its words, so a change here also needs PDF_VERSION bumped in
 * playbook-pdf.server.tsx.
 */
export function estimateWorksheet(n: Record<WorksheetKey, number>): WorksheetEstimate {
  const jobsPerMonth = perMonth(jobsFromMissedCalls(n.A, n.B))
  const moneyPerMonth = jobsPerMonth * n.C
  const hoursPerMonth = perMonth(hoursTakenOver(n.D, n.E))
  const hoursValuePerMonth = hoursPerMonth * n.F
  return { jobsPerMonth, moneyPerMonth, hoursPerMonth, hoursValuePerMonth, netPerMonth: moneyPerMonth + hoursValuePerMonth - n.G }
}

// One locale on both sides: the server's render and the browser's must produce the same text.
const LOCALE = 'en-US'
const money = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const percent = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 })
// Small counts keep a decimal (1.5 jobs a week); larger ones are rounded, as befits an estimate.
const count = [
  new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 }),
  new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }),
] as const
const hours = [
  new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 }),
  new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 0 }),
] as const

/** "$3,250" */
export const formatMoney = (value: number) => money.format(value)
/** A percentage as entered, 0 to 100: "30%" */
export const formatPercent = (value: number) => percent.format(value / 100)
/** "10", "1.5" */
export const formatCount = (value: number) => count[value < 10 ? 0 : 1].format(value)
/** "22 hours", "1 hour", "2.5 hours" */
export const formatHours = (value: number) => hours[value < 10 ? 0 : 1].format(value)
