import type * as React from 'react'
import { cn } from '~/lib/utils'
import { Input, Label } from './input'

const textareaClass =
  'min-h-32 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm'

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
}: {
  label: string
  name: string
  error?: string
  hint?: React.ReactNode
  multiline?: boolean
  optional?: boolean
  /** Classes for the input or textarea itself, e.g. its height. */
  controlClassName?: string
} & React.ComponentProps<'input'> &
  Pick<React.ComponentProps<'textarea'>, 'rows'>) {
  const id = `field-${name}`
  const noteId = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  const shared = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': noteId,
  }
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      {multiline ? (
        <textarea
          {...shared}
          className={cn(textareaClass, controlClassName)}
          required={props.required}
          defaultValue={props.defaultValue}
          placeholder={props.placeholder}
          rows={props.rows}
          maxLength={props.maxLength}
        />
      ) : (
        <Input {...shared} {...props} className={controlClassName} />
      )}
      {error ? (
        <p id={noteId} className="text-sm text-destructive">
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

/** Invisible to people, tempting to bots: a filled-in value marks the submission as spam. */
export function HoneypotField() {
  return (
    <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="field-website">Website</label>
      <input id="field-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  )
}
