import { ImageFallback } from '~/components/ui/image-fallback'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import type { ImageInfo } from '~/lib/images'
import { nameHash } from '~/lib/initials'
import { cn } from '~/lib/utils'

/*
 * What a drawn portrait is made of: a small designed set of each, so every person gets their own
 * mix (picked from their name, kept between visits) and the team still reads as one set.
 */
const SKIN = ['#f6d5bd', '#e8b48f', '#c98c64', '#9a6342', '#6b412a'] as const
const HAIR_COLOURS = ['#1c1917', '#4a2c1d', '#8a5a2b', '#d6b26e', '#a8a29e'] as const
const CLOTHES = ['#f5f7fc', '#a9b8df', '#4a64b0', '#c2841a', '#2f4a8a'] as const
/** Hair drawn behind the head (long hair, curls) and over it (the crown). */
const HAIR: { back?: string; crown: string }[] = [
  // Short, parted.
  { crown: 'M35 45c-1-14 6-22 15-22 10 0 17 7 15 21-4-6-9-9-17-9-5 0-9 3-13 10Z' },
  // Long, past the shoulders.
  {
    back: 'M32 46c0-15 8-24 18-24s18 9 18 24v22c0 3-2 5-5 5H37c-3 0-5-2-5-5Z',
    crown: 'M34 44c0-13 7-20 16-20s16 7 16 20c-7-2-13-6-16-12-3 6-9 10-16 12Z',
  },
  // A bun on top.
  { back: 'M50 13a8 8 0 1 1 0 16 8 8 0 0 1 0-16Z', crown: 'M35 43c0-12 7-19 15-19s15 7 15 19c-4-5-9-8-15-8s-11 3-15 8Z' },
  // Curls, round and full.
  { back: 'M50 20a22 21 0 1 1 0 42 22 21 0 0 1 0-42Z', crown: 'M34 42c1-11 8-17 16-17s15 6 16 17c-5-4-10-6-16-6s-11 2-16 6Z' },
  // Cropped close.
  { crown: 'M36 40c1-10 7-15 14-15s13 5 14 15c-4-3-9-5-14-5s-10 2-14 5Z' },
]

/** One choice from a set, read from its own bits of the name's hash so that features vary apart. */
function pick<T>(set: readonly T[], hash: number, bits: number): T {
  return set[(hash >>> bits) % set.length]!
}

/**
 * A team member's photo, square. Without one (or when it fails to load) a portrait is drawn for
 * them: a stylised bust in the site's navy and gold, its skin, hair and clothes their own, so a team
 * without photos still reads as people rather than a row of letters. A photo reads as its alt text, or
 * the person's name when it has none. The drawing waits beside the photo in case it fails (ImageFallback).
 */
export function Portrait({ name, src, image, className }: { name: string; src: string | null; image?: ImageInfo; className?: string }) {
  return (
    <span data-slot="portrait" className={cn('block aspect-square overflow-hidden rounded-2xl bg-navy-50', className)}>
      {src ? (
        <>
          <ResponsiveImage
            src={src}
            image={image}
            fallbackAlt={name}
            sizes="(min-width: 640px) 224px, 100vw"
            fallbackSize={{ width: 400, height: 400 }}
            className="size-full object-cover"
          />
          <ImageFallback>
            <PortraitDrawing name={name} />
          </ImageFallback>
        </>
      ) : (
        <PortraitDrawing name={name} />
      )}
    </span>
  )
}

/** A head-and-shoulders bust from a few flat shapes on navy, the head framed by a gold disc. */
function PortraitDrawing({ name }: { name: string }) {
  const hash = nameHash(name)
  const skin = pick(SKIN, hash, 0)
  const hair = pick(HAIR, hash, 18)
  const hairColour = pick(HAIR_COLOURS, hash, 10)
  const clothes = pick(CLOTHES, hash, 20)
  return (
    <svg viewBox="0 0 100 100" className="size-full" role="img" aria-label={name} data-portrait-drawing>
      <rect width="100" height="100" fill="#13224a" />
      <circle cx="50" cy="46" r="31" fill="#fbbf24" />
      <circle cx="50" cy="46" r="38" fill="none" stroke="#fbbf24" strokeOpacity="0.35" strokeWidth="1.5" />
      {hair.back && <path d={hair.back} fill={hairColour} />}
      <path d="M44 56h12v14H44Z" fill={skin} />
      <path d="M44 62h12v4c-4 2-8 2-12 0Z" fill="#000" opacity="0.12" />
      <path d="M14 100c0-19 15-31 36-31s36 12 36 31Z" fill={clothes} />
      <path d="M42 69 50 79 58 69c-2-1-5-1-8-1s-6 0-8 1Z" fill={skin} />
      <ellipse cx="50" cy="45" rx="14" ry="16" fill={skin} />
      <path d={hair.crown} fill={hairColour} />
    </svg>
  )
}
