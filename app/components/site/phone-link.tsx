import { Phone } from 'lucide-react'
import type * as React from 'react'
import { Card } from '~/components/ui/card'
import { telHref } from '~/lib/phone'
import { useSiteSettings } from './use-site-settings'

/**
 * A link that calls the site's phone number from Settings, drawn by `children` (the number as
 * typed, unless told); nothing at all while no number is set.
 */
export function PhoneLink({
  children,
  ...props
}: { children?: (phone: string) => React.ReactNode } & Omit<React.ComponentProps<'a'>, 'href' | 'children'>) {
  const { phone } = useSiteSettings()
  if (!phone) return null
  return (
    <a href={telHref(phone)} {...props}>
      {children ? children(phone) : phone}
    </a>
  )
}

/** Contact's card for the phone number, beside the e-mail card and in its look; none while no number is set. */
export function PhoneCard() {
  const { phone } = useSiteSettings()
  if (!phone) return null
  return (
    <Card className="p-6">
      <Phone className="size-8 text-primary" aria-hidden />
      <h2 className="mt-3 font-display text-xl font-semibold">Call us</h2>
      <PhoneLink className="mt-2 inline-block font-semibold text-primary underline-offset-4 hover:underline" />
    </Card>
  )
}
