// Drawn here in the stroke style of our other icons (lucide no longer ships brand marks): a
// rounded tile with the brand's glyph inside.
function BrandTile({ glyph, className }: { glyph: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      className={className}
    >
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d={glyph} />
    </svg>
  )
}

const LINKEDIN_GLYPH = 'M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5c0-1.7 1.2-3 2.6-3S17 11.6 17 13.2V17'
const X_GLYPH = 'M8 7.5l8 9M16 7.5l-8 9'

export function SocialLinks({ linkedinUrl, twitterUrl, className }: { linkedinUrl: string; twitterUrl: string; className?: string }) {
  const link =
    'inline-flex size-10 items-center justify-center rounded-full outline-none transition-colors hover:bg-black/5 focus-visible:ring-3 focus-visible:ring-ring/50'
  return (
    <div className={className}>
      <a href={linkedinUrl} target="_blank" rel="noopener noreferrer" className={link} aria-label="LinkedIn (opens in a new tab)">
        <BrandTile glyph={LINKEDIN_GLYPH} className="size-5" />
      </a>
      <a href={twitterUrl} target="_blank" rel="noopener noreferrer" className={link} aria-label="Twitter / X (opens in a new tab)">
        <BrandTile glyph={X_GLYPH} className="size-5" />
      </a>
    </div>
  )
}
