import { Mail, Phone } from 'lucide-react'
import { BookingButton } from './booking-button'
import { Logo } from './logo'
import { PhoneLink } from './phone-link'
import { SocialLinks } from './social-icons'
import { useSiteNavigation, useSiteSettings } from './use-site-settings'

export function SiteFooter() {
  const { siteName, contactEmail, linkedinUrl, twitterUrl } = useSiteSettings()
  const { footer: footerColumns } = useSiteNavigation()
  return (
    <footer className="bg-navy-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_3fr] lg:px-8">
        <div>
          <Logo siteName={siteName} className="text-white" />
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            AI automation, AI receptionists and modern IT for small and medium businesses across the U.S.
          </p>
          <BookingButton place="strategy" variant="inverse" className="mt-6">
            Let's Talk AI
          </BookingButton>
          <a href={`mailto:${contactEmail}`} className="mt-6 flex items-center gap-2 text-sm text-white underline-offset-4 hover:underline">
            <Mail className="size-4" aria-hidden />
            {contactEmail}
          </a>
          <PhoneLink className="mt-3 flex w-fit items-center gap-2 text-sm text-white underline-offset-4 hover:underline">
            {(phone) => (
              <>
                <Phone className="size-4" aria-hidden />
                {phone}
              </>
            )}
          </PhoneLink>
          <SocialLinks linkedinUrl={linkedinUrl} twitterUrl={twitterUrl} className="mt-3 -ml-2 flex text-white [&_a:hover]:bg-white/10" />
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {footerColumns.map((column) => (
            <div key={column.title}>
              <h2 className="font-display text-base font-semibold text-white">{column.title}</h2>
              <ul className="mt-4 grid gap-2.5 text-sm">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      className="rounded-sm outline-none hover:text-white focus-visible:ring-3 focus-visible:ring-ring/60"
                    >
                      {link.title}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
