import type * as React from 'react'
import { cn } from '~/lib/utils'

/** A box to tick, with its label beside it; the whole line is the target. */
export function CheckboxField({ label, className, ...props }: { label: React.ReactNode } & Omit<React.ComponentProps<'input'>, 'type'>) {
  return (
    <label className={cn('flex items-center gap-3 text-sm', className)}>
      <input type="checkbox" className="size-4 accent-primary" {...props} />
      {label}
    </label>
  )
}
