import type * as React from 'react'
import { fieldErrorClass, fieldErrorId } from '~/lib/field-note'
import { cn } from '~/lib/utils'
import { Input, Label } from './input'

const textareaClass =
  'min-h-32 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm'

/** What a labelled control carries: its id, its name, and the note announced with it. */
export interface FieldControl {
  id: string
  name: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface FieldProps {
  label: string
  name: string
  error?: string
  hint?: React.ReactNode
  optional?: boolean
  className?: string
}

/** A label, the control `children` draws for it, and its hint or, in its place, its error. */
export function Field({
  label,
  name,
  error,
  hint,
  optional,
  className,
  children,
}: FieldProps & { children: (control: FieldControl) => React.ReactNode }) {
  const id = `field-${name}`
  const noteId = error ? fieldErrorId(id) : hint ? `${id}-hint` : undefined
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': noteId })}
      {error ? (
        <p id={noteId} className={fieldErrorClass}>
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  )
}

/** A labelled input or textarea whose hint, or in its place its error, is announced with it. */
export function FormField({
  label,
  name,
  error,
  hint,
  multiline,
  optional,
  className,
  controlClassName,
  ...props
}: FieldProps & {
  multiline?: boolean
  /** Classes for the input or textarea itself, e.g. its height. */
  controlClassName?: string
} & React.ComponentProps<'input'> &
  Pick<React.ComponentProps<'textarea'>, 'rows'>) {
  return (
    <Field label={label} name={name} error={error} hint={hint} optional={optional} className={className}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            className={cn(textareaClass, controlClassName)}
            required={props.required}
            defaultValue={props.defaultValue}
            placeholder={props.placeholder}
            rows={props.rows}
            maxLength={props.maxLength}
            autoFocus={props.autoFocus}
          />
        ) : (
          <Input {...control} {...props} className={controlClassName} />
        )
      }
    </Field>
  )
}

/** Invisible to people, tempting to bots: a filled-in value marks the submission as spam. */
export function HoneypotField() {
  return (
    <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="field-website">Website</label>
      <input id="field-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  )
}
