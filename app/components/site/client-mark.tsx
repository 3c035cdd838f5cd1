import { nameHash } from '~/lib/initials'
import { cn } from '~/lib/utils'

/**
 * The outlines an emblem can take. One per client, picked from its name, so the same client always
 * gets the same mark and neighbours in a row look related but not alike.
 */
const EMBLEMS = [
  <circle key="circle" cx="16" cy="16" r="14.5" />,
  <rect key="square" x="2" y="2" width="28" height="28" rx="7" />,
  <path key="diamond" d="M16 1.5 30.5 16 16 30.5 1.5 16Z" strokeLinejoin="round" />,
  <path key="hexagon" d="M16 1.5 28.6 8.75v14.5L16 30.5 3.4 23.25V8.75Z" strokeLinejoin="round" />,
  <path key="shield" d="M4 3h24v13c0 7-5.5 11.5-12 14C9.5 27.5 4 23 4 16Z" strokeLinejoin="round" />,
]

/** The first letter of the name's first word, and of its second unless that is '&' or 'and'. */
function monogram(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{L}/u.test(word) && word.toLowerCase() !== 'and')
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')
}

/**
 * A client's wordmark, drawn for this site rather than copied from the client: an outlined emblem
 * holding the monogram, then the name in small capitals. One colour (the text's), one style for
 * every client, so a row of them reads as a set. The name is read out as text; `decorative` hides
 * the whole mark where the page names the client anyway.
 */
export function ClientMark({
  name,
  decorative = false,
  wrap = false,
  className,
}: {
  name: string
  decorative?: boolean
  /** Let the name break over two lines, for a wall of marks in narrow cells. */
  wrap?: boolean
  className?: string
}) {
  const letters = monogram(name)
  return (
    <span aria-hidden={decorative || undefined} className={cn('inline-flex items-center gap-2.5', className)} data-client-mark>
      <svg
        aria-hidden
        viewBox="0 0 32 32"
        className={cn('w-auto shrink-0', wrap ? 'h-8' : 'h-full')}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        {EMBLEMS[nameHash(name) % EMBLEMS.length]}
        <text
          x="16"
          y="16.5"
          textAnchor="middle"
          dominantBaseline="central"
          fill="currentColor"
          stroke="none"
          fontSize={letters.length > 1 ? 11 : 14}
          fontWeight="700"
          letterSpacing="-0.3"
        >
          {letters}
        </text>
      </svg>
      <span
        className={cn(
          'font-display text-[0.95em] font-semibold tracking-[0.08em] uppercase',
          wrap ? 'leading-tight text-balance' : 'leading-none whitespace-nowrap',
        )}
      >
        {name}
      </span>
    </span>
  )
}
