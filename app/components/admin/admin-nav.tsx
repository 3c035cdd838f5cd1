import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { NavLink, useLocation } from 'react-router'
import { adminNavItemsFor } from '~/components/admin/nav'
import type { Role } from '~/lib/admin-access'
import { cn } from '~/lib/utils'

/**
 * The admin shell's section menu: a sidebar from `lg` up, and below it one row that scrolls sideways.
 * On a phone the row is wider than the screen, so it never shrinks or cuts a label: each item keeps
 * its whole text, the row fades out on the side where more items wait, and it scrolls the current
 * screen's item into view when a page opens, and a focused item clear of the fades.
 *
 * No scroll snapping: Chromium snaps a focused or revealed item near the end of the row back to a
 * position where it is cut off, since every snap point past the last reachable one falls on the end.
 */
function AdminNav({ unreadInquiries, role, className, ...props }: React.ComponentProps<'nav'> & { unreadInquiries: number; role: Role }) {
  const stripRef = useRef<HTMLUListElement>(null)
  const { pathname } = useLocation()
  const more = useHiddenItems(stripRef)
  useRevealCurrent(stripRef, pathname)

  return (
    <nav data-slot="admin-nav" aria-label="Admin" className={cn('-mx-4 sm:-mx-6 lg:mx-0 lg:w-56 lg:shrink-0', className)} {...props}>
      <ul
        ref={stripRef}
        data-more-before={more.before}
        data-more-after={more.after}
        onFocus={(event) => {
          const link = (event.target as Element).closest('a')
          if (link) scrollIntoRow(event.currentTarget, link, { smooth: !prefersReducedMotion() })
        }}
        className={cn(
          'flex scroll-px-6 gap-1 overflow-x-auto overscroll-x-contain px-4 py-1 [scrollbar-width:none] sm:px-6',
          // The fades: 1.5rem wide, drawn only on a side that has items out of view (see useHiddenItems).
          '[--fade-after:0px] [--fade-before:0px] data-[more-after=true]:[--fade-after:1.5rem] data-[more-before=true]:[--fade-before:1.5rem]',
          '[mask-image:linear-gradient(to_right,transparent,#000_var(--fade-before),#000_calc(100%_-_var(--fade-after)),transparent)]',
          'lg:flex-col lg:overflow-visible lg:p-0 lg:[mask-image:none]',
        )}
      >
        {adminNavItemsFor(role).map(({ label, to, end, icon: Icon, countsUnread }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap outline-none hover:bg-white focus-visible:ring-3 focus-visible:ring-ring/50',
                  'max-lg:gap-2',
                  // `scroll-initial-target` shows the current item on the first paint, before any script
                  // runs, in browsers that know it; aligned by its end (`snap-end`, which only places
                  // it: the row does not snap), the items before it stay in view as far as they fit.
                  isActive && 'snap-end bg-white text-primary shadow-sm [scroll-initial-target:nearest]',
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {label}
              {countsUnread && <UnreadCount count={unreadInquiries} />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function UnreadCount({ count }: { count: number }) {
  if (count === 0) return null
  // `relative` keeps the screen-reader text inside the phone's scrolling link bar, not past the page edge.
  return (
    <span
      data-testid="unread-count"
      className="relative ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
    >
      {count}
      <span className="sr-only"> unread</span>
    </span>
  )
}

/**
 * Whether items are scrolled out of view before and after the visible part of a row. The server
 * cannot measure, and the browser may open the row scrolled to the current item, so until a script
 * has measured, both sides fade.
 */
function useHiddenItems(ref: RefObject<HTMLElement | null>) {
  const [more, setMore] = useState({ before: true, after: true })
  useEffect(() => {
    const strip = ref.current
    if (!strip) return
    const update = () => {
      const before = strip.scrollLeft > 1
      const after = strip.scrollLeft < strip.scrollWidth - strip.clientWidth - 1
      setMore((old) => (old.before === before && old.after === after ? old : { before, after }))
    }
    update()
    strip.addEventListener('scroll', update, { passive: true })
    const observer = new ResizeObserver(update)
    observer.observe(strip)
    return () => {
      strip.removeEventListener('scroll', update)
      observer.disconnect()
    }
  }, [ref])
  return more
}

/**
 * Scrolls the row so the current item is wholly visible whenever the page changes. It leaves the row
 * alone when the item already shows (say, it was just tapped), and shows the item before it too
 * when both fit, so the row reads as continuing to the left.
 */
function useRevealCurrent(ref: RefObject<HTMLElement | null>, pathname: string) {
  const opened = useRef(false)
  useLayoutEffect(() => {
    const strip = ref.current
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]')
    const smooth = opened.current && !prefersReducedMotion()
    opened.current = true
    if (strip && current) scrollIntoRow(strip, current, { smooth, withPrevious: true })
  }, [ref, pathname])
}

/**
 * Scrolls `item` into the row's part that the fades leave clear (the row's scroll padding), by the
 * shortest way, or with the item before it at the start when `withPrevious` and both fit.
 */
function scrollIntoRow(strip: HTMLElement, item: HTMLElement, { smooth = false, withPrevious = false } = {}) {
  if (strip.scrollWidth <= strip.clientWidth) return
  const pad = Number.parseFloat(getComputedStyle(strip).scrollPaddingInlineStart) || 0
  const row = strip.getBoundingClientRect()
  const start = row.left + pad
  const end = row.right - pad
  const box = item.getBoundingClientRect()
  if (box.left >= start - 1 && box.right <= end + 1) return

  let by = box.left < start ? box.left - start : box.right - end
  if (withPrevious) {
    const previous = item.closest('li')?.previousElementSibling?.querySelector('a')?.getBoundingClientRect()
    by = (previous && box.right - previous.left <= end - start ? previous.left : box.left) - start
  }
  strip.scrollBy({ left: by, behavior: smooth ? 'smooth' : 'instant' })
}

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

export { AdminNav }
