import { Check } from 'lucide-react'
import { firstCall } from '~/content/first-call'
import { cn } from '~/lib/utils'
import type { FirstCall as FirstCallData } from '~/server/services/block-data.server'
import { Portrait } from './portrait'

/**
 * What a first call is, beside the button that books it: how long, with whom (the first of the team)
 * and what the owner leaves with. The length is the figure, so it takes the accent. `withHost={false}`
 * where the page already shows the person just above (Contact's header).
 */
export function FirstCall({
  call,
  dark = false,
  withHost = true,
  className,
}: {
  call: FirstCallData
  dark?: boolean
  withHost?: boolean
  className?: string
}) {
  const { host, images } = call
  const quiet = dark ? 'text-slate-300' : 'text-muted-foreground'
  return (
    <div data-slot="first-call" className={cn('grid content-start gap-5 text-left', className)}>
      <p>
        <span
          className={cn(
            'block font-display text-4xl font-semibold tracking-tight tabular-nums',
            dark ? 'text-accent-bright' : 'text-accent-deep',
          )}
        >
          {firstCall.length}
        </span>
        <span className={cn('text-sm', quiet)}>{firstCall.note}</span>
      </p>
      {withHost && host && (
        <div className="flex items-center gap-3">
          {/* The name is written beside the picture, so the picture need not say it again. */}
          <span aria-hidden className="shrink-0">
            <Portrait name={host.name} src={host.imageUrl} image={images[host.imageUrl ?? '']} className="size-14 rounded-full" />
          </span>
          <p className="text-sm">
            <span className={quiet}>{firstCall.with}</span>
            <span className="block text-base font-semibold">{host.name}</span>
            <span className={quiet}>{host.role}</span>
          </p>
        </div>
      )}
      <div>
        <p className="text-sm font-semibold">{firstCall.leaveWithTitle}</p>
        <ul className="mt-2 grid gap-2 text-sm">
          {firstCall.leaveWith.map((point) => (
            <li key={point} className="flex gap-2">
              <Check className={cn('mt-0.5 size-4 shrink-0', dark ? 'text-accent-bright' : 'text-success')} aria-hidden />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
