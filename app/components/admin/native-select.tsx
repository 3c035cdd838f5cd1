import type * as React from 'react'
import { cn } from '~/lib/utils'

/**
 * The browser's own select, styled like our inputs: keyboard, screen readers and phones get the
 * control they know, and it works without JavaScript.
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <select
      data-slot="select"
      className={cn(
        'h-10 w-full rounded-lg border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  )
}
