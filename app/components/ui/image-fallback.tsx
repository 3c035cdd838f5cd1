import type * as React from 'react'

/**
 * What an image's frame shows instead when the image fails to load: sent hidden beside it, and put in
 * its place by image-fallback.enhance.ts. The frame holds the image and this, nothing else.
 */
export function ImageFallback({ children }: { children: React.ReactNode }) {
  return (
    <span data-image-fallback hidden>
      {children}
    </span>
  )
}
