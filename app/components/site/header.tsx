import * as Dialog from '@radix-ui/react-dialog'
import * as NavigationMenu from '@radix-ui/react-navigation-menu'
import { ChevronDown, Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, NavLink } from 'react-router'
import { navigation } from '~/content/navigation'
import type { NavItem } from '~/content/types'
import { cn } from '~/lib/utils'
import { BookingButton } from './booking-button'
import { Logo } from './logo'
import { SocialLinks } from './social-icons'
import { useSiteSettings } from './use-site-settings'

const TRANSLUCENT_AFTER_PX = 10

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [threshold])
  return scrolled
}

const topLink =
  'inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-foreground/90 outline-none transition-colors hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 aria-[current=page]:text-primary data-[state=open]:bg-muted'

export function SiteHeader() {
  const { siteName, linkedinUrl, twitterUrl } = useSiteSettings()
  const scrolled = useScrolledPast(TRANSLUCENT_AFTER_PX)
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200',
        scrolled ? 'border-border/70 bg-white/80 shadow-sm backdrop-blur-md' : 'border-transparent bg-white',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo siteName={siteName} />
        <DesktopNav />
        <div className="flex items-center gap-1">
          <SocialLinks linkedinUrl={linkedinUrl} twitterUrl={twitterUrl} className="hidden items-center xl:flex" />
          <BookingButton place="hero" size="sm" className="ml-2 hidden sm:inline-flex">
            Book a Call
          </BookingButton>
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}

function DesktopNav() {
  return (
    <NavigationMenu.Root aria-label="Main" delayDuration={100} className="relative hidden lg:block">
      <NavigationMenu.List className="flex items-center gap-1">
        {navigation.map((item) => (
          <NavigationMenu.Item key={item.path} className="relative">
            {item.sections.length === 0 ? (
              <NavigationMenu.Link asChild>
                <NavLink to={item.path} className={topLink}>
                  {item.label}
                </NavLink>
              </NavigationMenu.Link>
            ) : (
              <>
                <NavigationMenu.Trigger className={cn(topLink, 'group')}>
                  {item.label}
                  <ChevronDown className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180" aria-hidden />
                </NavigationMenu.Trigger>
                <NavigationMenu.Content className="absolute top-full left-0 z-50 mt-2 w-72 rounded-2xl border bg-white p-3 shadow-xl">
                  <DropdownPanel item={item} />
                </NavigationMenu.Content>
              </>
            )}
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  )
}

function DropdownPanel({ item }: { item: NavItem }) {
  const link = 'block rounded-lg px-3 py-2 text-sm outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50'
  return (
    <>
      <NavigationMenu.Link asChild>
        <Link to={item.path} className={cn(link, 'font-semibold text-primary')}>
          {item.label} overview
        </Link>
      </NavigationMenu.Link>
      {item.sections.map((section) => (
        <div key={section.title} className="mt-2 border-t pt-2">
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{section.title}</p>
          <ul>
            {section.items.map((link_) => (
              <li key={link_.href}>
                <NavigationMenu.Link asChild>
                  <Link to={link_.href} className={link}>
                    {link_.title}
                  </Link>
                </NavigationMenu.Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  )
}

function MobileMenu() {
  const [open, setOpen] = useState(false)
  const { linkedinUrl, twitterUrl, siteName } = useSiteSettings()
  const close = () => setOpen(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="inline-flex size-10 items-center justify-center rounded-lg outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 lg:hidden"
        aria-label="Open menu"
      >
        <Menu className="size-6" aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content className="fixed inset-0 z-50 overflow-y-auto bg-white" aria-describedby={undefined}>
          <div className="flex h-16 items-center justify-between border-b px-4 sm:px-6">
            <Dialog.Title className="text-lg font-bold">{siteName}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-lg outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50"
              aria-label="Close menu"
            >
              <X className="size-6" aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="px-4 py-4 sm:px-6">
            <ul className="divide-y">
              {navigation.map((item) => (
                <li key={item.path} className="py-3">
                  <Link to={item.path} onClick={close} className="block rounded-md py-1 text-lg font-semibold outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
                    {item.label}
                  </Link>
                  {item.sections.flatMap((s) => s.items).length > 0 && (
                    <ul className="mt-1 grid gap-1 pl-3">
                      {item.sections.flatMap((s) => s.items).map((link) => (
                        <li key={link.href}>
                          <Link to={link.href} onClick={close} className="block rounded-md py-1.5 text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
                            {link.title}
                          </Link>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
