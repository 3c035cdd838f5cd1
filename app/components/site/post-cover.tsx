import type { ImageInfo } from '~/lib/images'
import { cn } from '~/lib/utils'
import { ImageFallback } from '../ui/image-fallback'
import { ResponsiveImage } from '../ui/responsive-image'
import { useImageFallback } from '../ui/use-image-fallback'

/** How wide a cover is drawn: the post page's column, or a card in the blog's grid. */
export const COVER_SIZES = {
  page: '(min-width: 768px) 768px, 100vw',
  card: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
}

/**
 * A post's featured image in the 1200×630 share-card shape, or a navy gradient warmed by gold when the post
 * has none or it fails to load. Its alt text is the file's own; an image stored without one stays
 * decorative, as the title says what the post is about.
 */
export function PostCover({
  src,
  image,
  eager = false,
  sizes = COVER_SIZES.card,
  className,
}: {
  src: string | null
  image?: ImageInfo
  eager?: boolean
  sizes?: string
  className?: string
}) {
  const { showImage, ref, onError } = useImageFallback(src)
  const gradient = (
    <div
      aria-hidden
      data-testid="post-cover-fallback"
      className={cn(
        'aspect-[1200/630] w-full bg-[radial-gradient(28rem_16rem_at_80%_0%,rgb(251_191_36/0.35),transparent),radial-gradient(24rem_14rem_at_0%_100%,rgb(30_58_138/0.7),transparent)] bg-navy-950',
        className,
      )}
    />
  )
  if (!showImage) return gradient
  // The image's frame, where ImageFallback puts the gradient should the image fail on a public page;
  // in the admin's image picker React does.
  return (
    <div className="contents">
      <ResponsiveImage
        ref={ref}
        onError={onError}
        src={src!}
        image={image}
        sizes={sizes}
        fallbackSize={{ width: 1200, height: 630 }}
        priority={eager}
        className={cn('aspect-[1200/630] w-full bg-navy-50 object-cover', className)}
      />
      <ImageFallback>{gradient}</ImageFallback>
    </div>
  )
}
