/*
 * RoiCalculator made live on the worksheet the server rendered: the totals follow the inputs as they
 * are typed, and a screen reader hears the new estimate when typing pauses. The sums, the formatting
 * and the messages come from lib/roi-view.ts, which the server's worksheet renders from too.
 */
import { roiCalculator as copy } from '~/content/roi-calculator'
import type { Enhancement } from '~/enhance/enhancement'
import { fieldErrorClass, fieldErrorId } from '~/lib/field-note'
import { roiFields, type RoiField } from '~/lib/roi'
import { fillIn } from '~/lib/fill-in'
import { ANNOUNCE_DELAY_MS, roiView, shownError, stepLineClass, type RoiTexts } from '~/lib/roi-view'

export const roiCalculator: Enhancement = {
  widget: 'ROI calculator',
  wire: () => document.querySelectorAll<HTMLElement>('[data-roi-calculator]').forEach(wireRoiCalculator),
}

function wireRoiCalculator(root: HTMLElement) {
  const inputs = Object.fromEntries(
    roiFields.map((field) => [field, root.querySelector<HTMLInputElement>(`input[name="${field}"]`)!]),
  ) as Record<RoiField, HTMLInputElement>
  // Each field's hint, which its message takes the place of, as FormField renders them.
  const hints = Object.fromEntries(roiFields.map((field) => [field, document.getElementById(`${inputs[field].id}-hint`)])) as Record<
    RoiField,
    HTMLElement | null
  >
  const announcement = root.querySelector<HTMLElement>('[data-testid="roi-announcement"]')!
  const left: Partial<Record<RoiField, boolean>> = {}
  let timer: number | undefined

  const texts = () => Object.fromEntries(roiFields.map((field) => [field, inputs[field].value])) as RoiTexts

  function render(changed: boolean) {
    const typed = texts()
    const view = roiView(typed, copy)
    for (const field of roiFields) showFieldError(inputs[field], hints[field], shownError(view, typed, field, left[field]))
    setText(root.querySelector('[data-roi-total="money"]'), view.money)
    setText(root.querySelector('[data-roi-total="hours"]'), view.hours)
    setText(root.querySelector('[data-roi-caption="money"]'), view.moneyKnown ? copy.result.money : copy.result.paused)
    setText(root.querySelector('[data-roi-caption="hours"]'), view.hoursKnown ? copy.result.hours : copy.result.paused)
    root.querySelectorAll<HTMLElement>('[data-testid="roi-step"]').forEach((item, index) => {
      const step = copy.worksheet.steps[index]
      const [worked, result] = [...item.querySelectorAll<HTMLElement>('p')].slice(-2)
      if (!step || !worked || !result) return
      const known = view.valid(step.needs)
      worked.className = known ? stepLineClass.worked : stepLineClass.pausedWorked
      result.className = known ? stepLineClass.result : stepLineClass.pausedResult
      setText(worked, known ? fillIn(step.worked, view.worked) : copy.result.paused)
      setText(result, known ? `= ${fillIn(step.result, view.worked)}` : copy.result.missing)
    })
    if (!changed) return
    window.clearTimeout(timer)
    timer = window.setTimeout(() => setText(announcement, view.summary), ANNOUNCE_DELAY_MS)
  }

  for (const field of roiFields) {
    const input = inputs[field]
    input.addEventListener('input', () => {
      left[field] = false
      render(true)
    })
    input.addEventListener('blur', () => {
      left[field] = true
      render(false)
    })
    // Enter here would send the playbook request these inputs travel with.
    input.addEventListener('keydown', (event) => event.key === 'Enter' && event.preventDefault())
  }
  // 'reset' fires before the fields go back to their starting values.
  const owner = root.dataset.roiCalculator ? document.getElementById(root.dataset.roiCalculator) : null
  owner?.addEventListener('reset', () => window.setTimeout(() => render(false)))

  // Live: the notes for the calculator take the worksheet's place, in the room both already take.
  for (const note of root.querySelectorAll<HTMLElement>('[data-roi-swap]'))
    note.classList.toggle('invisible', note.dataset.roiSwap !== 'live')
  render(false)
  root.dataset.live = 'true'
}

function setText(element: Element | null, text: string) {
  if (element && element.textContent !== text) element.textContent = text
}

/** The field's message in its hint's place, or its hint back, as FormField renders them. */
function showFieldError(control: HTMLInputElement, hint: HTMLElement | null, message: string | undefined) {
  const noteId = fieldErrorId(control.id)
  let note = document.getElementById(noteId)
  if (!message) {
    if (note) note.replaceWith(...(hint ? [hint] : []))
    control.removeAttribute('aria-invalid')
    if (hint) control.setAttribute('aria-describedby', hint.id)
    else control.removeAttribute('aria-describedby')
    return
  }
  if (!note) {
    note = document.createElement('p')
    note.id = noteId
    note.className = fieldErrorClass
    if (hint?.isConnected) hint.replaceWith(note)
    else control.after(note)
  }
  setText(note, message)
  control.setAttribute('aria-invalid', 'true')
  control.setAttribute('aria-describedby', noteId)
}
