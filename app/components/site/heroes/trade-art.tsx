import type * as React from 'react'
import { cn } from '~/lib/utils'

/*
 * A small emblem of each trade, for the header of the industry pages: navy lines with a gold part,
 * drawn here rather than reusing the industries' pictures, which the case studies and the industry
 * pages' bands already show twice. An industry is matched to its trade by the words of its name and
 * address, so a trade an editor adds later (or the template's "dental-offices") still finds one.
 */

const GOLD = '#fbbf24'

const ART = {
  hvac: (
    <>
      <circle cx="24" cy="24" r="17" />
      <path d="M13.4 34.6A15 15 0 0 1 24 9" stroke={GOLD} strokeWidth="4" />
      <path d="M24 13v3M35 24h-3M16 24h-3M31.8 16.2l-2.1 2.1" />
      <path d="m24 24 6-6" />
      <circle cx="24" cy="24" r="2.5" fill="currentColor" />
    </>
  ),
  pet: (
    <>
      <path
        d="M24 25c-6 0-10.5 5.5-10.5 9.5 0 3 2.5 4.5 5 4.5 2 0 3.5-1 5.5-1s3.5 1 5.5 1c2.5 0 5-1.5 5-4.5 0-4-4.5-9.5-10.5-9.5Z"
        fill={GOLD}
      />
      <circle cx="13" cy="20" r="3.5" fill="currentColor" />
      <circle cx="19.5" cy="12.5" r="3.5" fill="currentColor" />
      <circle cx="28.5" cy="12.5" r="3.5" fill="currentColor" />
      <circle cx="35" cy="20" r="3.5" fill="currentColor" />
    </>
  ),
  health: (
    <>
      <path d="M12 8v10a7 7 0 0 0 14 0V8" />
      <path d="M19 25v5a8 8 0 0 0 16 0v-4" />
      <circle cx="35" cy="22" r="4" fill={GOLD} />
      <circle cx="12" cy="8" r="1.5" fill="currentColor" />
      <circle cx="26" cy="8" r="1.5" fill="currentColor" />
    </>
  ),
  legal: (
    <>
      <path d="M24 9v30M16 40h16M9 14h30" />
      <path d="m6 28 4-14 4 14M34 28l4-14 4 14" strokeWidth="1.5" />
      <path d="M5 28h10a5 5 0 0 1-10 0ZM33 28h10a5 5 0 0 1-10 0Z" fill={GOLD} />
      <circle cx="24" cy="9" r="2.5" fill={GOLD} />
    </>
  ),
  'real-estate': (
    <>
      <path d="M7 22 24 8l17 14" />
      <path d="M12 18v22h24V18" />
      <rect x="21" y="29" width="6" height="11" fill={GOLD} />
      <rect x="15" y="23" width="4" height="4" />
    </>
  ),
  beauty: (
    <>
      <path d="M18 31 34 8M30 31 14 8" />
      <circle cx="15" cy="35" r="5" fill={GOLD} />
      <circle cx="33" cy="35" r="5" fill={GOLD} />
      <circle cx="24" cy="22.5" r="1.8" fill="currentColor" />
    </>
  ),
  fitness: (
    <>
      <path d="M14 24h20" />
      <rect x="8" y="14" width="6" height="20" rx="2" fill={GOLD} />
      <rect x="34" y="14" width="6" height="20" rx="2" fill={GOLD} />
      <path d="M4 19v10M44 19v10" />
    </>
  ),
  retail: (
    <>
      <path d="M8 18 11 9h26l3 9" />
      <path d="M8 18a4 4 0 0 0 8 0 4 4 0 0 0 8 0 4 4 0 0 0 8 0 4 4 0 0 0 8 0Z" fill={GOLD} />
      <path d="M10 24v16h28V24" />
      <rect x="20" y="30" width="8" height="10" />
    </>
  ),
  lawn: (
    <>
      <path d="M11 36C11 21 21 11 38 10c0 17-10 26-27 26Z" fill={GOLD} />
      <path d="m11 36 17-17" />
      <path d="M5 40h38" />
    </>
  ),
  property: (
    <>
      <rect x="12" y="7" width="24" height="33" rx="1" />
      <path d="M17 13h5v5h-5zM26 13h5v5h-5zM17 22h5v5h-5zM26 22h5v5h-5z" fill={GOLD} strokeWidth="1.5" />
      <path d="M21 40v-7h6v7" />
    </>
  ),
  other: (
    <>
      <rect x="7" y="16" width="34" height="23" rx="3" />
      <path d="M18 16v-4h12v4M7 26h34" />
      <rect x="21" y="23" width="6" height="6" rx="1" fill={GOLD} />
    </>
  ),
} satisfies Record<string, React.ReactNode>

export type Trade = keyof typeof ART

/** The first trade whose words an industry's name or address holds; the order settles overlaps ("barber shops" is not retail). */
const TRADE_WORDS: [Trade, RegExp][] = [
  ['pet', /\b(pet|dog|doggy|cat|vet|veterinar|groom|kennel|boarding)/],
  ['hvac', /\b(hvac|heating|cooling|air|furnace|plumb)/],
  ['health', /\b(health|clinic|dental|dentist|medical|doctor|physio|chiro|therap|pharm)/],
  ['legal', /\b(legal|laws?\b|lawyer|attorney|notary)/],
  ['property', /\b(property|landlord|apartment|rental)/],
  ['real-estate', /\b(real estate|realt|mortgage|home buy)/],
  ['beauty', /\b(barber|salon|beauty|spa|nail|hair|wellness|tattoo)/],
  ['fitness', /\b(fitness|gym|yoga|pilates|martial|crossfit)/],
  ['lawn', /\b(lawn|landscap|garden|home service|cleaning|pool|tree)/],
  ['retail', /\b(retail|store|shop|boutique)/],
]

export function tradeOf(industry: { name: string; slug: string }): Trade {
  const words = `${industry.slug.replaceAll('-', ' ')} ${industry.name}`.toLowerCase()
  return TRADE_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? 'other'
}

/** The emblem alone, decorative: the page's title or a caption beside it names the trade. */
export function TradeArt({ trade, className }: { trade: Trade; className?: string }) {
  return (
    <svg
      aria-hidden
      data-trade={trade}
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('text-navy-900', className)}
    >
      {ART[trade]}
    </svg>
  )
}
