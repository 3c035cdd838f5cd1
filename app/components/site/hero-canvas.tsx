import { useEffect, useRef } from 'react'

/** One particle per 30 px of window width, links under 250 px, canvas twice the viewport tall. */
const PX_PER_PARTICLE = 30
const LINK_DISTANCE = 250

interface Particle {
  x: number
  y: number
  vx: number
  vy: number
}

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Decorative particle network behind the hero. Drawn only in the browser, never for users who ask
 * for reduced motion, and paused while the hero is off screen.
 */
export function HeroCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const canvas = canvasRef.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx || prefersReducedMotion()) return

    let particles: Particle[] = []
    let frame = 0
    let visible = true

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2)
      const width = window.innerWidth
      const height = window.innerHeight * 2
      canvas.width = width * ratio
      canvas.height = height * ratio
      canvas.style.height = `${height}px`
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
      const count = Math.floor(width / PX_PER_PARTICLE)
      particles = Array.from({ length: count }, () => ({
        x: Math.random() * width,
        y: Math.random() * height,
        vx: (Math.random() - 0.5) * 0.4,
        vy: (Math.random() - 0.5) * 0.4,
      }))
    }

    const draw = () => {
      const width = window.innerWidth
      const height = window.innerHeight * 2
      ctx.clearRect(0, 0, width, height)
      for (const p of particles) {
        p.x = (p.x + p.vx + width) % width
        p.y = (p.y + p.vy + height) % height
      }
      for (let i = 0; i < particles.length; i++) {
        const a = particles[i]!
        for (let j = i + 1; j < particles.length; j++) {
          const b = particles[j]!
          const distance = Math.hypot(a.x - b.x, a.y - b.y)
          if (distance < LINK_DISTANCE) {
            ctx.strokeStyle = `rgba(129, 140, 248, ${0.22 * (1 - distance / LINK_DISTANCE)})`
            ctx.lineWidth = 1
            ctx.beginPath()
            ctx.moveTo(a.x, a.y)
            ctx.lineTo(b.x, b.y)
            ctx.stroke()
          }
        }
        ctx.fillStyle = 'rgba(196, 181, 253, 0.8)'
        ctx.beginPath()
        ctx.arc(a.x, a.y, 1.6, 0, Math.PI * 2)
        ctx.fill()
      }
      if (visible) frame = requestAnimationFrame(draw)
    }

    const observer = new IntersectionObserver(([entry]) => {
      visible = Boolean(entry?.isIntersecting)
      cancelAnimationFrame(frame)
      if (visible) frame = requestAnimationFrame(draw)
    })
    resize()
    observer.observe(canvas)
    window.addEventListener('resize', resize)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      window.removeEventListener('resize', resize)
    }
  }, [])

  return <canvas ref={canvasRef} aria-hidden data-testid="hero-canvas" className="pointer-events-none absolute inset-x-0 top-0 w-full" />
}

/** A soft glow that follows the mouse over the hero: fine pointers only, never with reduced motion. */
export function HeroCursor({ area }: { area: React.RefObject<HTMLElement | null> }) {
  const dotRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = area.current
    const dot = dotRef.current
    if (!element || !dot || prefersReducedMotion() || !window.matchMedia('(pointer: fine)').matches) return
    const move = (event: PointerEvent) => {
      const box = element.getBoundingClientRect()
      dot.style.transform = `translate(${event.clientX - box.left}px, ${event.clientY - box.top}px)`
      dot.style.opacity = '1'
    }
    const leave = () => (dot.style.opacity = '0')
    element.addEventListener('pointermove', move)
    element.addEventListener('pointerleave', leave)
    return () => {
      element.removeEventListener('pointermove', move)
      element.removeEventListener('pointerleave', leave)
    }
  }, [area])

  return (
    <div
      ref={dotRef}
      aria-hidden
      data-testid="hero-cursor"
      className="pointer-events-none absolute top-0 left-0 -mt-5 -ml-5 size-10 rounded-full border border-indigo-300/70 bg-indigo-400/10 opacity-0 transition-opacity duration-200"
    />
  )
}
