import { useCallback, useState } from 'react'

/**
 * Whether to show an image or its fallback: false once `src` failed to load. Pass `ref` and
 * `onError` to the img. Remembering which address failed gives a new image its own chance.
 */
export function useImageFallback(src: string | null | undefined) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  // A server-rendered image can fail before React hydrates and miss the error event: check on mount.
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailedSrc(img.getAttribute('src'))
  }, [])
  const onError = useCallback(() => setFailedSrc(src ?? null), [src])
  return { showImage: Boolean(src) && failedSrc !== src, ref, onError }
}
