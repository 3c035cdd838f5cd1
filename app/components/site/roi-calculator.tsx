import { roiCalculator as copy } from '~/content/roi-calculator'
import { roiFields } from '~/lib/roi'
import { fillIn } from '~/lib/fill-in'
import { MONEY_FIELDS, roiFieldId as fieldId, roiView, startingTexts, stepLineClass } from '~/lib/roi-view'
import { cn } from '~/lib/utils'
import { Card } from '../ui/card'
import { BookingButton } from './booking-button'
import { FormField } from '../ui/form-field'

const CHECK_LABEL = 'Check these numbers with us'

/**
 * The playbook's ROI calculator. The server renders it as a worksheet: the inputs holding the
 * starting numbers, the totals and each step's sum worked out for them, so it reads well without
 * scripts; roi-calculator.enhance.ts makes it live. The inputs can belong to another form (`form`,
 * an element id), which then sends them along under the names `roiMissedCalls` and so on.
 */
export function RoiCalculator({ form, className }: { form: string; className?: string }) {
  const view = roiView(startingTexts, copy)
  const { valid, moneyKnown, hoursKnown, money, hours, worked } = view

  return (
    <Card className={cn('mx-auto max-w-5xl p-6 sm:p-8', className)} data-testid="roi-calculator" data-roi-calculator={form}>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div>
          <h3 className="font-display text-xl font-semibold">{copy.inputsTitle}</h3>
          <Swap withScript={copy.liveNote} without={copy.exampleNote} className="mt-2 text-sm text-muted-foreground" />
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            {roiFields.map((field) => (
              <FormField
                key={field}
                name={field}
                form={form}
                label={copy.fields[field].label}
                hint={copy.fields[field].hint}
                defaultValue={startingTexts[field]}
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                className="content-start"
              />
            ))}
          </div>
        </div>

        <div className="relative overflow-hidden rounded-2xl bg-navy-950 p-6 text-white sm:p-8">
          <div
            aria-hidden
            className="absolute inset-0 bg-[radial-gradient(28rem_16rem_at_100%_0%,rgb(40_74_156/0.5),transparent),radial-gradient(24rem_14rem_at_0%_100%,rgb(19_34_74/0.8),transparent)]"
          />
          <div className="relative">
            <Swap
              withScript={copy.result.liveLabel}
              without={copy.result.exampleLabel}
              className="text-sm font-semibold tracking-wide text-navy-200 uppercase"
            />
            <h3 className="mt-2 font-display text-xl font-semibold text-balance">{copy.result.title}</h3>
            <div className="mt-6 grid gap-6">
              <p>
                <output
                  htmlFor={MONEY_FIELDS.map(fieldId).join(' ')}
                  aria-live="off"
                  data-testid="roi-money"
                  data-roi-total="money"
                  className="block font-display text-4xl font-semibold tracking-tight tabular-nums"
                >
                  {money}
                </output>
                <span className="mt-1 block text-slate-300" data-roi-caption="money">
                  {moneyKnown ? copy.result.money : copy.result.paused}
                </span>
              </p>
              <p>
                <output
                  htmlFor={fieldId('roiAdminHours')}
                  aria-live="off"
                  data-testid="roi-hours"
                  data-roi-total="hours"
                  className="block font-display text-4xl font-semibold tracking-tight tabular-nums"
                >
                  {hours}
                </output>
                <span className="mt-1 block text-slate-300" data-roi-caption="hours">
                  {hoursKnown ? copy.result.hours : copy.result.paused}
                </span>
              </p>
            </div>
            <p className="mt-6 text-xs text-slate-300">{copy.disclaimer}</p>
            {/* An estimate is a reason to talk, so the booking sits right under it. */}
            <BookingButton
              place="strategy"
              variant="outline"
              className="mt-6 border-white bg-white text-navy-950 hover:bg-navy-50"
              data-testid="roi-check"
            >
              {CHECK_LABEL}
            </BookingButton>
          </div>
        </div>
      </div>

      <div className="mt-10 border-t pt-8" data-testid="roi-worksheet">
        <h3 className="font-display text-xl font-semibold">{copy.worksheet.title}</h3>
        <Swap withScript={copy.worksheet.liveNote} without={copy.worksheet.exampleNote} className="mt-2 text-sm text-muted-foreground" />
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {copy.worksheet.steps.map((step, index) => (
            <li key={step.title} className="flex flex-col rounded-xl bg-navy-50 p-4" data-testid="roi-step">
              <p className="font-semibold">
                <span className="text-primary">{index + 1}.</span> {step.title}
              </p>
              <p className="mt-1 flex-1 text-sm text-muted-foreground">{step.formula}</p>
              {valid(step.needs) ? (
                <>
                  <p className={stepLineClass.worked}>{fillIn(step.worked, worked)}</p>
                  <p className={stepLineClass.result}>= {fillIn(step.result, worked)}</p>
                </>
              ) : (
                <>
                  <p className={stepLineClass.pausedWorked}>{copy.result.paused}</p>
                  <p className={stepLineClass.pausedResult}>{copy.result.missing}</p>
                </>
              )}
            </li>
          ))}
        </ol>
        <h4 className="mt-8 font-display text-base font-semibold">{copy.assumptionsTitle}</h4>
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          {copy.assumptions.map((assumption) => (
            <li key={assumption}>{assumption}</li>
          ))}
        </ul>
      </div>

      <output
        htmlFor={roiFields.map(fieldId).join(' ')}
        aria-live="polite"
        aria-atomic
        className="sr-only"
        data-testid="roi-announcement"
      />
    </Card>
  )
}

/**
 * Two texts in one place: the one for the live calculator and the one for the worksheet served
 * without scripts. Both take up room and the live one is hidden, so nothing moves when the script
 * swaps them.
 */
function Swap({ withScript, without, className }: { withScript: string; without: string; className?: string }) {
  return (
    <p className={cn('grid', className)}>
      <span className="invisible col-start-1 row-start-1" data-roi-swap="live">
        {withScript}
      </span>
      <span className="col-start-1 row-start-1" data-roi-swap="example">
        {without}
      </span>
    </p>
  )
}
