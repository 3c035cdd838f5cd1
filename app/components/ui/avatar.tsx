import { useEffect, useState } from 'react'
import { initials } from '~/lib/initials'
import { cn } from '~/lib/utils'

/** A round photo that falls back to initials when there is no image or it fails to load. */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const [failed, setFailed] = useState(false)
  useEffect(() => setFailed(false), [src])
  return (
    <span
      data-slot="avatar"
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-blue to-brand-violet font-semibold text-white',
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt={name} className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden={name ? true : undefined}>{initials(name)}</span>
      )}
      {(!src || failed) && name && <span className="sr-only">{name}</span>}
    </span>
  )
}
