import { ChevronDown, Menu, Phone, X } from 'lucide-react'
import { useLocation } from 'react-router'
import type { NavMenu } from '~/lib/navigation'
import { cn } from '~/lib/utils'
import { BookingButton } from './booking-button'
import { Logo } from './logo'
import { PhoneLink } from './phone-link'
import { SocialLinks } from './social-icons'
import { useSiteNavigation, useSiteSettings } from './use-site-settings'

const topLink =
  'inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-foreground/90 outline-none transition-colors hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 aria-[current=page]:text-primary'

export function SiteHeader() {
  const { siteName, linkedinUrl, twitterUrl } = useSiteSettings()
  return (
    <header
      // Styled by data-scrolled alone, which header.enhance.ts keeps in step with the page's scroll.
      data-scrolled={false}
      className="sticky top-0 z-40 border-b border-transparent bg-white transition-[background-color,box-shadow,border-color] duration-200 data-[scrolled=true]:border-border/70 data-[scrolled=true]:bg-white/80 data-[scrolled=true]:shadow-sm data-[scrolled=true]:backdrop-blur-md"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo siteName={siteName} />
        <DesktopNav />
        <div className="flex items-center gap-1">
          <SocialLinks linkedinUrl={linkedinUrl} twitterUrl={twitterUrl} className="hidden items-center xl:flex" />
          <HeaderPhone />
          {/* Always in the bar, on phones too: booking is what the whole site asks for. */}
          <BookingButton place="hero" size="sm" className="ml-1 sm:ml-2">
            Book a Call
          </BookingButton>
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}

/**
 * The phone number from Settings, when set: beside the full menu as a link with its icon, on tablets
 * as a compact Call button beside the menu button, on phones that button's icon. All are named
 * "Call" and the number.
 */
function HeaderPhone() {
  return (
    <>
      <PhoneLink className={cn(topLink, 'hidden whitespace-nowrap lg:inline-flex')}>
        {(phone) => (
          <>
            <Phone className="size-4" aria-hidden />
            {/* Beside the full menu the number itself fits from 1280 px; below that, its icon alone. */}
            <span className="sr-only">Call </span>
            <span className="sr-only xl:not-sr-only">{phone}</span>
          </>
        )}
      </PhoneLink>
      <PhoneLink className="inline-flex h-10 items-center gap-1.5 rounded-lg border border-input px-2.5 text-sm font-semibold outline-none transition-colors hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 sm:px-3 lg:hidden">
        {(phone) => (
          <>
            <Phone className="size-4" aria-hidden />
            {/* On a phone its icon alone, so the booking button fits beside it. */}
            <span className="sr-only sm:not-sr-only">Call</span>
            <span className="sr-only"> {phone}</span>
          </>
        )}
      </PhoneLink>
    </>
  )
}

function DesktopNav() {
  const { pathname } = useLocation()
  const { menus: navigation } = useSiteNavigation()
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {navigation.map((item) => (
          <li key={item.path}>
            {item.sections.length === 0 ? (
              <a href={item.path} aria-current={isWithin(pathname, item.path) ? 'page' : undefined} className={topLink}>
                {item.label}
              </a>
            ) : (
              <Dropdown item={item} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The current page is this section's: its own path, or a page below it (as React Router's NavLink marks it). */
function isWithin(pathname: string, path: string) {
  return pathname === path || pathname.startsWith(`${path}/`)
}

/**
 * Menus are native popovers: they open, close on Escape or an outside click, and keep only one open
 * without any JavaScript. A link in one loads its page, which closes every menu.
 */
function Dropdown({ item }: { item: NavMenu }) {
  const id = `menu${item.path.replaceAll('/', '-')}`
  return (
    <>
      {/* The anchor name ties the panel's position to its button (app.css, .nav-dropdown). */}
      <button type="button" popoverTarget={id} className={topLink} style={{ anchorName: `--${id}` } as React.CSSProperties}>
        {item.label}
        <ChevronDown className="size-4 transition-transform duration-200" aria-hidden />
      </button>
      <div
        id={id}
        popover="auto"
        className="nav-dropdown w-72 rounded-2xl border bg-white p-3 text-foreground shadow-xl"
        style={{ positionAnchor: `--${id}` } as React.CSSProperties}
      >
        <DropdownPanel item={item} />
      </div>
    </>
  )
}

function DropdownPanel({ item }: { item: NavMenu }) {
  const link = 'block rounded-lg px-3 py-2 text-sm outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50'
  return (
    <>
      <a href={item.path} className={cn(link, 'font-semibold text-primary')}>
        {item.label} overview
      </a>
      {item.sections.map((section) => (
        <div key={section.title} className="mt-2 border-t pt-2">
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{section.title}</p>
          <ul>
            {section.items.map((link_) => (
              <li key={link_.href}>
                <a href={link_.href} className={link}>
                  {link_.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  )
}

const MOBILE_MENU_ID = 'mobile-menu'

function MobileMenu() {
  const { linkedinUrl, twitterUrl, siteName } = useSiteSettings()
  const { menus: navigation } = useSiteNavigation()
  return (
    <>
      <button
        type="button"
        popoverTarget={MOBILE_MENU_ID}
        className="inline-flex size-10 items-center justify-center rounded-lg outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 lg:hidden"
        aria-label="Open menu"
      >
        <Menu className="size-6" aria-hidden />
      </button>
      <div
        id={MOBILE_MENU_ID}
        popover="auto"
        role="dialog"
        aria-label={siteName}
        className="m-0 h-dvh max-h-none w-screen max-w-none overflow-y-auto overscroll-contain border-0 bg-white p-0 text-foreground"
      >
        <div className="flex h-16 items-center justify-between border-b px-4 sm:px-6">
          <p className="font-display text-lg font-semibold">{siteName}</p>
          <button
            type="button"
            popoverTarget={MOBILE_MENU_ID}
            popoverTargetAction="hide"
            className="inline-flex size-10 items-center justify-center rounded-lg outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50"
            aria-label="Close menu"
          >
            <X className="size-6" aria-hidden />
          </button>
        </div>
        <nav aria-label="Mobile" className="px-4 py-4 sm:px-6">
          <ul className="divide-y">
            {navigation.map((item) => (
              <li key={item.path} className="py-3">
                <a
                  href={item.path}
                  className="block rounded-md py-1 text-lg font-semibold outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
                >
                  {item.label}
                </a>
                {item.sections.flatMap((s) => s.items).length > 0 && (
                  <ul className="mt-1 grid gap-1 pl-3">
                    {item.sections
                      .flatMap((s) => s.items)
                      .map((link) => (
                        <li key={link.href}>
                          <a
                            href={link.href}
                            className="block rounded-md py-1.5 text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
                          >
                            {link.title}
                          </a>
                        </li>
                      ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <BookingButton place="hero" size="lg" className="mt-6 w-full">
            Book a Call
          </BookingButton>
          <SocialLinks linkedinUrl={linkedinUrl} twitterUrl={twitterUrl} className="mt-4 flex justify-center gap-2" />
        </nav>
      </div>
    </>
  )
}
