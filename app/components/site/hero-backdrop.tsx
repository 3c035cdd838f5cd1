/**
 * The hero's decorative particle network and pointer glow, placed directly inside the hero (the glow
 * follows the pointer over their parent). hero-backdrop.enhance.ts starts them.
 */
export function HeroBackdrop() {
  return (
    <>
      <canvas aria-hidden data-hero-canvas data-testid="hero-canvas" className="pointer-events-none absolute inset-x-0 top-0 w-full" />
      <div
        aria-hidden
        data-hero-cursor
        data-testid="hero-cursor"
        className="pointer-events-none absolute top-0 left-0 -mt-5 -ml-5 size-10 rounded-full border border-navy-300/70 bg-navy-300/10 opacity-0 transition-opacity duration-200"
      />
    </>
  )
}
