import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accessibilityViolations } from '../support/axe'
import { toast, waitForHydration } from '../support/browser'
import { useRunningSite } from '../support/site'

const site = useRunningSite()

const PATH = '/resources/ai-playbook'
const widths = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const

async function open({ javaScriptEnabled = true, viewport = { width: 1280, height: 800 } } = {}) {
  const context = await site.browser.newContext({ baseURL: site.server.url, viewport, javaScriptEnabled })
  const page = await context.newPage()
  await page.goto(PATH)
  if (javaScriptEnabled) {
    await waitForHydration(page)
    await page.locator('[data-testid="roi-calculator"][data-live]').waitFor()
  }
  return page
}

/** Replaces what the focused field holds with `text`, key by key, then tabs on as a person would. */
async function typeInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).focus()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
  await page.keyboard.press('Tab')
}

const money = (page: Page) => page.getByTestId('roi-money').textContent()
const hours = (page: Page) => page.getByTestId('roi-hours').textContent()
const announced = (page: Page) => page.getByTestId('roi-announcement').textContent()
/** Each worksheet step's lines as shown. */
const steps = async (page: Page) => (await page.getByTestId('roi-step').allInnerTexts()).map((text) => text.split(/\n+/))

describe('the playbook ROI calculator', () => {
  it('works out money and hours as numbers are typed, and tells screen readers once typing pauses', async () => {
    const page = await open()
    expect([await money(page), await hours(page)]).toEqual(['$3,250', '22 hours'])
    // The totals name the inputs they come from.
    expect(await page.getByTestId('roi-money').getAttribute('for')).toBe('field-roiMissedCalls field-roiBookingRate field-roiJobValue')
    expect(await page.getByTestId('roi-hours').getAttribute('for')).toBe('field-roiAdminHours')
    expect(await page.getByTestId('roi-announcement').getAttribute('aria-live')).toBe('polite')
    expect(await announced(page)).toBe('')

    await page.getByLabel('Calls missed per week').focus()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('20')
    // Each key updates the totals at once.
    expect(await money(page)).toBe('$6,500')
    // Tab moves through the inputs in reading order.
    for (const [id, text] of [
      ['field-roiBookingRate', '50'],
      ['field-roiJobValue', '$1,200'],
    ] as const) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id)
      await page.keyboard.press('ControlOrMeta+A')
      await page.keyboard.type(text)
    }
    await typeInto(page, 'Admin hours per week', '18')

    // 20 calls × 50% × $1,200 × 52 ÷ 12 and 18 hours × 50% × 52 ÷ 12.
    expect([await money(page), await hours(page)]).toEqual(['$52,000', '39 hours'])
    await expect.poll(() => announced(page)).toBe('Your estimate: $52,000 and 39 hours back each month.')
    expect((await steps(page)).map((lines) => lines.slice(2))).toEqual([
      ['20 × 50%', '= 10'],
      ['10 × $1,200', '= $12,000'],
      ['$12,000 × 52 ÷ 12', '= $52,000'],
      ['18 × 50% × 52 ÷ 12', '= 39 hours'],
    ])
    expect(await page.getByTestId('roi-calculator').getByText('Your estimate', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByTestId('roi-calculator').getByText('Worked example', { exact: true }).isVisible()).toBe(false)
    await page.context().close()
  })

  it('shows a clear message under a bad value, pauses only the total it feeds, and clears it once fixed', async () => {
    const page = await open()
    await typeInto(page, 'Share that would have booked', '150')
    const rate = page.getByLabel('Share that would have booked')
    expect(await page.locator('#field-roiBookingRate-error').textContent()).toBe("The share can't be more than 100%")
    expect(await rate.getAttribute('aria-invalid')).toBe('true')
    expect(await rate.getAttribute('aria-describedby')).toBe('field-roiBookingRate-error')
    expect([await money(page), await hours(page)]).toEqual(['—', '22 hours'])
    // The money total and the three steps it needs wait; the hours step still adds up.
    expect(await page.getByTestId('roi-calculator').getByText('Fix the flagged number to see this.').count()).toBe(4)
    expect((await steps(page))[3]?.slice(2)).toEqual(['10 × 50% × 52 ÷ 12', '= 22 hours'])
    await expect.poll(() => announced(page)).toBe("Estimate paused. The share can't be more than 100%.")

    await typeInto(page, 'Calls missed per week', '-3')
    expect(await page.locator('#field-roiMissedCalls-error').textContent()).toBe("Calls missed can't be less than 0")
    await typeInto(page, 'Average job value', 'lots')
    expect(await page.locator('#field-roiJobValue-error').textContent()).toBe('Enter the job value as a number of dollars, like 250')
    await typeInto(page, 'Admin hours per week', '100000')
    expect(await page.locator('#field-roiAdminHours-error').textContent()).toBe('Enter 500 hours a week or fewer')
    expect(await hours(page)).toBe('—')

    // An emptied field says nothing while it is being retyped, and speaks up when left empty.
    await page.getByLabel('Calls missed per week').focus()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.press('Backspace')
    expect(await page.locator('#field-roiMissedCalls-error').count()).toBe(0)
    await page.keyboard.press('Tab')
    expect(await page.locator('#field-roiMissedCalls-error').textContent()).toBe('Enter how many calls you miss in a week, or 0')

    for (const [label, text] of [
      ['Calls missed per week', '10'],
      ['Share that would have booked', '30'],
      ['Average job value', '250'],
      ['Admin hours per week', '10'],
    ] as const) {
      await typeInto(page, label, text)
    }
    expect(await page.locator('[id$="-error"]').count()).toBe(0)
    expect(await rate.getAttribute('aria-invalid')).toBeNull()
    expect(await rate.getAttribute('aria-describedby')).toBe('field-roiBookingRate-hint')
    expect([await money(page), await hours(page)]).toEqual(['$3,250', '22 hours'])
    await page.context().close()
  })

  it('sends its inputs with the playbook form, without Enter in them sending that form', async () => {
    const page = await open()
    await typeInto(page, 'Calls missed per week', '7')
    const sent = await page.evaluate(() =>
      [...new FormData(document.getElementById('playbook-form') as HTMLFormElement)].filter(([name]) => name.startsWith('roi')),
    )
    expect(sent).toEqual([
      ['roiMissedCalls', '7'],
      ['roiBookingRate', '30'],
      ['roiJobValue', '250'],
      ['roiAdminHours', '10'],
    ])
    await page.getByLabel('Average job value').focus()
    await page.keyboard.press('Enter')
    // The request form, empty, would have refused to send with a toast.
    await page.waitForTimeout(300)
    expect(await toast(page, 'Please enter your name').count()).toBe(0)
    expect(await page.locator('#field-name-error').count()).toBe(0)
    await page.context().close()
  })

  it('shows the worksheet without JavaScript: the four steps written out, worked for the starting numbers', async () => {
    const page = await open({ javaScriptEnabled: false })
    const calculator = page.getByTestId('roi-calculator')
    expect(await calculator.getAttribute('data-live')).toBeNull()
    expect(await calculator.getByText('Worked example', { exact: true }).isVisible()).toBe(true)
    expect(await calculator.getByText('A worked example with the starting numbers.').isVisible()).toBe(true)
    expect(await calculator.getByText('Change any number and the totals update as you type.').isVisible()).toBe(false)
    expect([await money(page), await hours(page)]).toEqual(['$3,250', '22 hours'])
    expect(await steps(page)).toEqual([
      ['1. Jobs you miss each week', 'Calls missed per week × share that would have booked', '10 × 30%', '= 3'],
      ['2. Money you miss each week', 'Jobs missed each week × average job value', '3 × $250', '= $750'],
      ['3. Money back each month', 'Money missed each week × 52 weeks ÷ 12 months', '$750 × 52 ÷ 12', '= $3,250'],
      [
        '4. Hours back each month',
        'Admin hours per week × 50% AI can take over × 52 weeks ÷ 12 months',
        '10 × 50% × 52 ÷ 12',
        '= 22 hours',
      ],
    ])
    expect(await calculator.getByText('AI takes over about 50% of your admin hours', { exact: false }).isVisible()).toBe(true)
    // The inputs are there, labelled, holding the example, and belong to the request form.
    for (const [label, value] of [
      ['Calls missed per week', '10'],
      ['Share that would have booked', '30'],
      ['Average job value', '250'],
      ['Admin hours per week', '10'],
    ]) {
      const input = page.getByLabel(label!)
      expect([await input.inputValue(), await input.getAttribute('form')]).toEqual([value, 'playbook-form'])
    }
    await page.context().close()
  })

  it.each(widths)('keeps its place when JavaScript takes over, at %s width', async (_name, viewport) => {
    const height = async (page: Page) => {
      await page.evaluate(() => document.fonts.ready)
      return (await page.getByTestId('roi-calculator').boundingBox())?.height
    }
    const without = await open({ javaScriptEnabled: false, viewport })
    const withScript = await open({ viewport })
    expect(await height(withScript)).toBe(await height(without))
    await without.context().close()
    await withScript.context().close()
  })

  it.each(widths)('has no WCAG AA violations, as the worksheet, live and with a message showing, at %s width', async (_name, viewport) => {
    const found: Record<string, string[]> = {}
    // axe needs scripts of its own, which a context without JavaScript never runs: the worksheet is
    // checked on a page whose scripts are refused instead, so its script never makes it live.
    const context = await site.browser.newContext({ baseURL: site.server.url, viewport })
    await context.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
    const worksheet = await context.newPage()
    await worksheet.goto(PATH)
    expect(await worksheet.getByTestId('roi-calculator').getAttribute('data-live')).toBeNull()
    found.worksheet = await accessibilityViolations(worksheet)
    await context.close()

    const page = await open({ viewport })
    found.live = await accessibilityViolations(page)
    await typeInto(page, 'Share that would have booked', '101')
    await page.locator('#field-roiBookingRate-error').waitFor()
    found['with a message'] = await accessibilityViolations(page)
    expect(found).toEqual({ worksheet: [], live: [], 'with a message': [] })
    await page.context().close()
  })
})
