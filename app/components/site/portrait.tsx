import { useId } from 'react'
import { ImageFallback } from '~/components/ui/image-fallback'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import type { ImageInfo } from '~/lib/images'
import { initials, nameHash } from '~/lib/initials'
import { cn } from '~/lib/utils'

/** Two calm tones per portrait, from the site's palette; a person keeps theirs. */
const TONES = [
  ['#dbeafe', '#93c5fd'],
  ['#ede9fe', '#c4b5fd'],
  ['#ccfbf1', '#5eead4'],
  ['#fef3c7', '#fcd34d'],
  ['#ffe4e6', '#fda4af'],
  ['#e0e7ff', '#a5b4fc'],
] as const

/**
 * A team member's photo, square. Without one (or when it fails to load) a portrait is drawn for
 * them: a head-and-shoulders outline on their own two tones, with their initials, so a team without
 * photos still reads as people rather than a row of letters. A photo reads as its alt text, or
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

function PortraitDrawing({ name }: { name: string }) {
  const gradientId = `portrait-${useId()}`
  const [light, deep] = TONES[nameHash(name) % TONES.length]!
  return (
    <svg viewBox="0 0 100 100" className="size-full" role="img" aria-label={name}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={deep} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${gradientId})`} />
      <circle cx="86" cy="14" r="30" fill="#ffffff" opacity="0.25" />
      <circle cx="50" cy="41" r="16" fill="#ffffff" opacity="0.9" />
      <path d="M16 100c0-21 15.2-34 34-34s34 13 34 34Z" fill="#ffffff" opacity="0.9" />
      <text x="50" y="88" textAnchor="middle" fontSize="11" fontWeight="700" letterSpacing="1" fill="#13224a">
        {initials(name)}
      </text>
    </svg>
  )
}
