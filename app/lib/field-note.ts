/** How a field's error reads, shared by FormField and the public pages' scripts that check fields. */
export const fieldErrorClass = 'text-sm text-destructive'

/** The id of the error note under the control with id `controlId`, which names it in aria-describedby. */
export const fieldErrorId = (controlId: string) => `${controlId}-error`
