import { useEffect, useRef } from 'react'
import { startHero } from '~/enhance/hero'

/**
 * The hero's decorative particle network and pointer glow, placed directly inside the hero (the glow
 * follows the pointer over their parent). Under React an effect starts them (app/enhance/hero.ts);
 * served plain, the enhancement script starts the same code on the same markup.
 */
export function HeroBackdrop() {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const cursorRef = useRef<HTMLDivElement>(null)
  useEffect(() => startHero(canvasRef.current!, cursorRef.current!), [])
  return (
    <>
      <canvas ref={canvasRef} aria-hidden data-hero-canvas data-testid="hero-canvas" className="pointer-events-none absolute inset-x-0 top-0 w-full" />
      <div
        ref={cursorRef}
        aria-hidden
        data-hero-cursor
        data-testid="hero-cursor"
        className="pointer-events-none absolute top-0 left-0 -mt-5 -ml-5 size-10 rounded-full border border-indigo-300/70 bg-indigo-400/10 opacity-0 transition-opacity duration-200"
      />
    </>
  )
}
