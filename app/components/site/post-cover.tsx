import { cn } from '~/lib/utils'
import { useImageFallback } from '../ui/use-image-fallback'

/**
 * A post's featured image in the 1200×630 share-card shape, or a brand gradient when the post
 * has none or it fails to load. Decorative: the title says what the post is about.
 */
export function PostCover({ src, eager = false, className }: { src: string | null; eager?: boolean; className?: string }) {
  const { showImage, ref, onError } = useImageFallback(src)
  if (!showImage) {
    return (
      <div
        aria-hidden
        data-testid="post-cover-fallback"
        className={cn(
          'aspect-[1200/630] w-full bg-[radial-gradient(28rem_16rem_at_80%_0%,rgb(124_58_237/0.55),transparent),radial-gradient(24rem_14rem_at_0%_100%,rgb(37_99_235/0.6),transparent)] bg-navy-950',
          className,
        )}
      />
    )
  }
  return (
    <img
      ref={ref}
      onError={onError}
      src={src!}
      alt=""
      width={1200}
      height={630}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={cn('aspect-[1200/630] w-full bg-navy-50 object-cover', className)}
    />
  )
}
