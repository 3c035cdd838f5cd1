import type { ImageInfo } from '~/lib/images'
import { initials } from '~/lib/initials'
import { cn } from '~/lib/utils'
import { ImageFallback } from './image-fallback'
import { ResponsiveImage } from './responsive-image'
import { useImageFallback } from './use-image-fallback'

/**
 * A round photo that falls back to letters (initials unless `fallback` says otherwise) when there
 * is no image or it fails to load: in the admin React swaps them in, on a public page
 * image-fallback.enhance.ts does. `decorative` hides it from screen readers when the name is
 * written next to it anyway; otherwise it reads as the file's alt text, or the name. `image` (from
 * the page's loader) brings its smaller copies, and `size` the pixels it is drawn at.
 */
export function Avatar({
  name,
  src,
  fallback,
  decorative = false,
  image,
  size = 96,
  className,
}: {
  name: string
  src?: string | null
  fallback?: string
  decorative?: boolean
  image?: ImageInfo
  size?: number
  className?: string
}) {
  const { showImage, ref, onError } = useImageFallback(src)
  const letters = (
    <>
      <span aria-hidden>{fallback ?? initials(name)}</span>
      {name && !decorative && <span className="sr-only">{name}</span>}
    </>
  )
  return (
    <span
      data-slot="avatar"
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full bg-navy-100 font-semibold text-navy-900',
        className,
      )}
    >
      {showImage ? (
        <>
          <ResponsiveImage
            ref={ref}
            src={src!}
            image={image && { ...image, alt: decorative ? '' : (image.alt ?? name) }}
            fallbackAlt={decorative ? '' : name}
            sizes={`${size}px`}
            fallbackSize={{ width: size, height: size }}
            className="size-full object-cover"
            onError={onError}
          />
          <ImageFallback>{letters}</ImageFallback>
        </>
      ) : (
        letters
      )}
    </span>
  )
}
