/*
 * LeadForm (the contact form, the playbook request). The form posts as a page and the server renders
 * the outcome in the page; this checks it first with the action's schema and messages, the one its
 * `data-lead-form` names, focuses the first field in error, fills in its hidden fields and says
 * 'Sending...'. In the lead-form bundle (app/enhance/lead-form.ts), as zod is most of its weight.
 */
import type { Enhancement } from '~/enhance/enhancement'
import { fetchFormTicket } from '~/lib/form-ticket'
import { fieldErrorClass, fieldErrorId } from '~/lib/field-note'
import { contactSchema, fieldErrors, formSummary, playbookSchema } from '~/lib/schemas'
import { pageOf, rememberVisit, visitField } from '~/lib/visit'
import type { z } from '~/lib/zod'

/** The schemas of the lead forms, by the name a form's `data-lead-form` gives: its action's own. */
const schemas = { contact: contactSchema, playbook: playbookSchema } satisfies Record<string, z.ZodType>
export type LeadFormName = keyof typeof schemas

export const leadForm: Enhancement = {
  widget: 'lead form',
  wire() {
    // This page answers a post, sent or failed: made an ordinary entry, a reload shows the page again
    // instead of offering to send the message a second time. (A sent playbook request leaves no form.)
    if (document.querySelector('[data-lead-answer]')) history.replaceState(history.state, '', location.href)
    const form = document.querySelector<HTMLFormElement>('form[data-lead-form]')
    if (form) wireLeadForm(form)
  },
}

function wireLeadForm(form: HTMLFormElement) {
  const summary = form.querySelector<HTMLElement>('[data-form-summary]')!
  const schema: z.ZodType | undefined = schemas[form.dataset.leadForm as LeadFormName]
  if (!schema) throw new Error(`No lead form is named ${form.dataset.leadForm}`)
  const check = () => schema.safeParse(Object.fromEntries(new FormData(form)))

  fillSource(form)
  fetchFormTicket().then((ticket) => ticket && setField(form, 'ticket', ticket))

  form.addEventListener('submit', (event) => {
    const parsed = check()
    if (parsed.success) return showSending(form)
    event.preventDefault()
    showProblems(form, summary, parsed.error)
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })

  // A field's message goes as soon as it is right; a field not yet complained about stays quiet.
  form.addEventListener('input', () => {
    if (summary.hidden) return
    const shown = new Set([...form.querySelectorAll<HTMLInputElement>('[aria-invalid="true"]')].map((control) => control.name))
    const parsed = check()
    showProblems(form, summary, { issues: parsed.success ? [] : parsed.error.issues.filter((issue) => shown.has(String(issue.path[0]))) })
  })
}

/** Where the lead came from: the form may be on the visit's first page, so the visit is remembered first. */
function fillSource(form: HTMLFormElement) {
  rememberVisit()
  setField(form, 'visit', visitField())
  setField(form, 'formPage', pageOf(new URL(location.href)))
}

function setField(form: HTMLFormElement, name: string, value: string) {
  ;(form.elements.namedItem(name) as HTMLInputElement).value = value
}

/** Each field's message under it and the one line above the form, as the server renders a refused form. */
function showProblems(form: HTMLFormElement, summary: HTMLElement, error: Pick<z.ZodError, 'issues'>) {
  const errors = fieldErrors(error)
  for (const control of form.querySelectorAll<HTMLInputElement>('[id^="field-"][name]')) showFieldError(control, errors[control.name])
  summary.textContent = error.issues.length > 0 ? formSummary(error) : ''
  summary.hidden = error.issues.length === 0
}

function showFieldError(control: HTMLInputElement, message: string | undefined) {
  const noteId = fieldErrorId(control.id)
  let note = document.getElementById(noteId)
  if (!message) {
    note?.remove()
    control.removeAttribute('aria-invalid')
    control.removeAttribute('aria-describedby')
    return
  }
  if (!note) {
    note = document.createElement('p')
    note.id = noteId
    note.className = fieldErrorClass
    control.after(note)
  }
  note.textContent = message
  control.setAttribute('aria-invalid', 'true')
  control.setAttribute('aria-describedby', noteId)
}

/** 'Sending...' on the button until the next page comes; a page restored from the back-forward cache is ready again. */
function showSending(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
  const label = button.textContent
  button.disabled = true
  button.textContent = button.dataset.busyLabel ?? label
  window.addEventListener(
    'pageshow',
    () => {
      button.disabled = false
      button.textContent = label
    },
    { once: true },
  )
}
