import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { roiCalculator } from '~/content/roi-calculator'
import {
  ADMIN_SHARE,
  ROI_EXAMPLE,
  ROI_LIMITS,
  estimateRoi,
  estimateWorksheet,
  perMonth,
  formatHours,
  formatMoney,
  formatPercent,
  roiFields,
  roiInputsSchema,
  type RoiField,
  type RoiInputs,
} from '~/lib/roi'
import { fieldErrors } from '~/lib/schemas'

const example: RoiInputs = { roiMissedCalls: 10, roiBookingRate: 30, roiJobValue: 250, roiAdminHours: 10 }

/** The form as a browser sends it: the example's numbers as text, with `changes` typed over them. */
const typed = (changes: Partial<Record<RoiField, string>>) => ({
  ...Object.fromEntries(Object.entries(example).map(([field, value]) => [field, String(value)])),
  ...changes,
})
const messageFor = (field: RoiField, text: string) => {
  const parsed = roiInputsSchema.safeParse(typed({ [field]: text }))
  return parsed.success ? null : fieldErrors(parsed.error)[field]
}

describe('estimateRoi', () => {
  it('turns 10 missed calls a week, 30% booking at $250 and 10 admin hours into $3,250 and about 22 hours a month', () => {
    const estimate = estimateRoi(example)
    expect(estimate.jobsPerWeek).toBe(3)
    expect(estimate.moneyPerWeek).toBe(750)
    expect(estimate.moneyPerMonth).toBe(3250)
    expect(estimate.hoursPerWeek).toBe(10 * ADMIN_SHARE)
    expect(estimate.hoursPerMonth).toBeCloseTo((10 * ADMIN_SHARE * 52) / 12, 10)
    expect([formatMoney(estimate.moneyPerMonth), formatHours(estimate.hoursPerMonth)]).toEqual(['$3,250', '22 hours'])
  })

  it('counts a month as 52/12 weeks and the booking rate as a percentage', () => {
    expect(estimateRoi({ roiMissedCalls: 12, roiBookingRate: 100, roiJobValue: 1, roiAdminHours: 12 })).toMatchObject({
      moneyPerMonth: 52,
      hoursPerMonth: 52 * ADMIN_SHARE,
    })
    expect(estimateRoi({ roiMissedCalls: 1, roiBookingRate: 50, roiJobValue: 120, roiAdminHours: 0 }).moneyPerWeek).toBe(60)
  })

  it('gives nothing back when nothing is missed or nothing is worth anything', () => {
    expect(estimateRoi({ roiMissedCalls: 0, roiBookingRate: 100, roiJobValue: 500, roiAdminHours: 0 })).toMatchObject({
      moneyPerMonth: 0,
      hoursPerMonth: 0,
    })
    expect(estimateRoi({ roiMissedCalls: 40, roiBookingRate: 0, roiJobValue: 500, roiAdminHours: 3 }).moneyPerMonth).toBe(0)
    expect(estimateRoi({ roiMissedCalls: 40, roiBookingRate: 80, roiJobValue: 0, roiAdminHours: 3 }).moneyPerMonth).toBe(0)
  })

  it('gives a finite, non-negative estimate that grows with every input, for any values the schema accepts', () => {
    const value = (field: RoiField) => fc.double({ min: 0, max: ROI_LIMITS[field], noNaN: true })
    const inputs = fc.record({
      roiMissedCalls: value('roiMissedCalls'),
      roiBookingRate: value('roiBookingRate'),
      roiJobValue: value('roiJobValue'),
      roiAdminHours: value('roiAdminHours'),
    })
    fc.assert(
      fc.property(inputs, fc.constantFrom(...roiFields), (accepted, field) => {
        expect(roiInputsSchema.safeParse(accepted).success).toBe(true)
        const estimate = estimateRoi(accepted)
        const more = estimateRoi({ ...accepted, [field]: Math.min(accepted[field] + 1, ROI_LIMITS[field]) })
        for (const key of ['moneyPerMonth', 'hoursPerMonth'] as const) {
          expect(Number.isFinite(estimate[key]) && estimate[key] >= 0).toBe(true)
          expect(more[key]).toBeGreaterThanOrEqual(estimate[key])
        }
      }),
    )
  })
})

describe('roiInputsSchema', () => {
  it('reads numbers the way owners type them', () => {
    expect(
      roiInputsSchema.parse({ roiMissedCalls: ' 12 ', roiBookingRate: '30%', roiJobValue: '$1,250.50', roiAdminHours: '7.5' }),
    ).toEqual({
      roiMissedCalls: 12,
      roiBookingRate: 30,
      roiJobValue: 1250.5,
      roiAdminHours: 7.5,
    })
    expect(roiInputsSchema.parse({ roiMissedCalls: 3, roiBookingRate: 0, roiJobValue: '.5', roiAdminHours: '4.' })).toMatchObject({
      roiJobValue: 0.5,
      roiAdminHours: 4,
    })
  })

  it.each(roiFields)('takes %s from 0 up to its limit, and nothing past it', (field) => {
    expect(messageFor(field, '0')).toBeNull()
    expect(messageFor(field, String(ROI_LIMITS[field]))).toBeNull()
    expect(messageFor(field, String(ROI_LIMITS[field] + 0.01))).toBeTruthy()
    expect(messageFor(field, '-0.01')).toBeTruthy()
  })

  it.each<[RoiField, string, string]>([
    ['roiMissedCalls', '', 'Enter how many calls you miss in a week, or 0'],
    ['roiMissedCalls', 'ten', 'Enter the calls as a number, like 10'],
    ['roiMissedCalls', '-3', "Calls missed can't be less than 0"],
    ['roiMissedCalls', '1001', 'Enter 1,000 calls a week or fewer'],
    ['roiBookingRate', '  ', 'Enter a percentage from 0 to 100'],
    ['roiBookingRate', '30 percent', 'Enter the share as a number from 0 to 100, like 30'],
    ['roiBookingRate', '-5%', "The share can't be less than 0%"],
    ['roiBookingRate', '101', "The share can't be more than 100%"],
    ['roiJobValue', '', 'Enter your average job value in dollars, or 0'],
    ['roiJobValue', '1e3', 'Enter the job value as a number of dollars, like 250'],
    ['roiJobValue', '-$20', "The job value can't be less than $0"],
    ['roiJobValue', '$250,000', 'Enter a job value of $100,000 or less'],
    ['roiAdminHours', '', 'Enter your admin hours in a week, or 0'],
    ['roiAdminHours', '1.2.3', 'Enter the hours as a number, like 10'],
    ['roiAdminHours', '-1', "Admin hours can't be less than 0"],
    ['roiAdminHours', '9'.repeat(400), 'Enter 500 hours a week or fewer'],
    ['roiAdminHours', `-${'9'.repeat(400)}`, "Admin hours can't be less than 0"],
  ])('refuses %s typed as %j with "%s"', (field, text, message) => {
    expect(messageFor(field, text)).toBe(message)
  })

  it('refuses what is not a plain number, whether typed or passed', () => {
    for (const text of ['Infinity', '0x10', '1_000', 'NaN', '12abc', '.', '+'])
      expect(messageFor('roiMissedCalls', text)).toBe('Enter the calls as a number, like 10')
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, null, true, [3]]) {
      expect(roiInputsSchema.safeParse({ ...example, roiJobValue: value }).success).toBe(false)
    }
    expect(fieldErrors(roiInputsSchema.safeParse({}).error!)).toEqual({
      roiMissedCalls: 'Enter how many calls you miss in a week, or 0',
      roiBookingRate: 'Enter a percentage from 0 to 100',
      roiJobValue: 'Enter your average job value in dollars, or 0',
      roiAdminHours: 'Enter your admin hours in a week, or 0',
    })
  })
})

describe('the calculator copy', () => {
  it('starts from numbers the schema accepts, and states the admin assumption the maths makes', () => {
    expect(roiInputsSchema.parse(ROI_EXAMPLE)).toEqual(ROI_EXAMPLE)
    const share = formatPercent(ADMIN_SHARE * 100)
    expect(roiCalculator.fields.roiAdminHours.hint).toContain(share)
    expect(roiCalculator.assumptions.some((line) => line.includes(share))).toBe(true)
    expect(roiCalculator.worksheet.steps).toHaveLength(4)
  })
})

describe('the worksheet in the PDF', () => {
  it('works out the calculator’s numbers with the same formulas: the same example gives the same month', () => {
    const calculator = estimateRoi(ROI_EXAMPLE)
    const sheet = estimateWorksheet({ A: 10, B: 30, C: 250, D: 10, E: ADMIN_SHARE * 100, F: 25, G: 400 })
    expect(sheet.moneyPerMonth).toBe(calculator.moneyPerMonth)
    expect(sheet.hoursPerMonth).toBe(calculator.hoursPerMonth)
    expect(sheet.jobsPerMonth).toBe(perMonth(calculator.jobsPerWeek))
    expect(sheet).toMatchObject({ jobsPerMonth: 13, moneyPerMonth: 3250 })
    expect(sheet.netPerMonth).toBeCloseTo(3250 + (260 / 12) * 25 - 400)
  })
})
