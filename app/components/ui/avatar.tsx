import { initials } from '~/lib/initials'
import { cn } from '~/lib/utils'
import { useImageFallback } from './use-image-fallback'

/**
 * A round photo that falls back to letters (initials unless `fallback` says otherwise) when there
 * is no image or it fails to load. `decorative` hides it from screen readers when the name is
 * written next to it anyway.
 */
export function Avatar({
  name,
  src,
  fallback,
  decorative = false,
  className,
}: {
  name: string
  src?: string | null
  fallback?: string
  decorative?: boolean
  className?: string
}) {
  const { showImage, ref, onError } = useImageFallback(src)
  return (
    <span
      data-slot="avatar"
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-blue to-brand-violet font-semibold text-white',
        className,
      )}
    >
      {showImage ? (
        <img ref={ref} src={src!} alt={decorative ? '' : name} className="size-full object-cover" onError={onError} />
      ) : (
        <>
          <span aria-hidden>{fallback ?? initials(name)}</span>
          {name && !decorative && <span className="sr-only">{name}</span>}
        </>
      )}
    </span>
  )
}
