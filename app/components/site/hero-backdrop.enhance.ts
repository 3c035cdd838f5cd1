/* HeroBackdrop, the home hero's decoration: a particle network and a glow that follows the pointer. */
import type { Enhancement } from '~/enhance/enhancement'

/** One particle per 30 px of window width, links under 250 px, canvas twice the viewport tall. */
const PX_PER_PARTICLE = 30
const LINK_DISTANCE = 250

interface Particle {
  x: number
  y: number
  vx: number
  vy: number
}

/**
 * Starts the particle network on the hero's canvas and the glow that follows a fine pointer over the
 * canvas's parent (the hero). Nothing moves for users who ask for reduced motion, so the canvas keeps
 * its blank default size.
 */
export const heroBackdrop: Enhancement = {
  widget: 'hero backdrop',
  wire() {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-hero-canvas]')
    const cursor = document.querySelector<HTMLElement>('[data-hero-cursor]')
    if (!canvas || !cursor || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    drawParticles(canvas)
    followPointer(cursor, canvas.parentElement!)
  },
}

/** Animates only while the canvas is on screen. */
function drawParticles(canvas: HTMLCanvasElement) {
  const ctx = canvas.getContext('2d')
  if (!ctx) return
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
          ctx.strokeStyle = `rgba(159, 176, 219, ${0.22 * (1 - distance / LINK_DISTANCE)})`
          ctx.lineWidth = 1
          ctx.beginPath()
          ctx.moveTo(a.x, a.y)
          ctx.lineTo(b.x, b.y)
          ctx.stroke()
        }
      }
      ctx.fillStyle = 'rgba(201, 211, 236, 0.8)'
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
}

/** Fine pointers only: a finger has no position to follow between taps. */
function followPointer(cursor: HTMLElement, area: HTMLElement) {
  if (!window.matchMedia('(pointer: fine)').matches) return
  const move = (event: PointerEvent) => {
    const box = area.getBoundingClientRect()
    cursor.style.transform = `translate(${event.clientX - box.left}px, ${event.clientY - box.top}px)`
    cursor.style.opacity = '1'
  }
  const leave = () => (cursor.style.opacity = '0')
  area.addEventListener('pointermove', move)
  area.addEventListener('pointerleave', leave)
}
