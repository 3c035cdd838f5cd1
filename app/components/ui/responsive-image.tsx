import type * as React from 'react'
import type { ImageInfo } from '~/lib/images'

/**
 * An image as pages show it: its AVIF and WebP copies offered first (the browser takes the first
 * format it reads, at the width `sizes` asks for), the original as the fallback, and its width and
 * height set so nothing moves when it arrives. `priority` is for the one image a visitor sees first
 * (fetched at once, ahead of others); every other image waits until it is near the screen.
 * `fallbackAlt` is for images without stored alt text (static illustrations, files from before).
 */
function ResponsiveImage({
  src,
  image,
  sizes,
  fallbackAlt = '',
  fallbackSize,
  priority = false,
  ...props
}: {
  src: string
  image: ImageInfo | undefined
  sizes: string
  fallbackAlt?: string
  /** The width and height to reserve when the image's own are unknown. */
  fallbackSize: { width: number; height: number }
  priority?: boolean
} & Omit<React.ComponentProps<'img'>, 'src' | 'alt' | 'width' | 'height' | 'loading' | 'sizes' | 'srcSet'>) {
  const width = image?.width ?? fallbackSize.width
  const height = image?.height ?? fallbackSize.height
  return (
    <picture data-slot="responsive-image" className="contents">
      {image?.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={src}
        alt={image?.alt ?? fallbackAlt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
        {...props}
      />
    </picture>
  )
}

export { ResponsiveImage }
