import { useCallback, useState } from 'react'
import { initials } from '~/lib/initials'
import { cn } from '~/lib/utils'

/** A round photo that falls back to initials when there is no image or it fails to load. */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  // Remembering which address failed means a new image gets its own chance without a reset effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  // A server-rendered image can fail before React hydrates and misses the error event: check on mount.
  const checkLoaded = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailedSrc(img.getAttribute('src'))
  }, [])
  const showImage = Boolean(src) && failedSrc !== src
  return (
    <span
      data-slot="avatar"
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-blue to-brand-violet font-semibold text-white',
        className,
      )}
    >
      {showImage ? (
        <img ref={checkLoaded} src={src!} alt={name} className="size-full object-cover" onError={() => setFailedSrc(src!)} />
      ) : (
        <>
          <span aria-hidden>{initials(name)}</span>
          {name && <span className="sr-only">{name}</span>}
        </>
      )}
    </span>
  )
}
