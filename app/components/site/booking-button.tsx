import type * as React from 'react'
import { Button } from '~/components/ui/button'
import type { BookingPlace } from '~/content/booking'
import { useSiteSettings } from './use-site-settings'

/**
 * Opens the external scheduler in a new tab and says so. A plain link: without JavaScript it still
 * opens the scheduler, and booking-button.enhance.ts shows the toast its data-booking names.
 */
export function BookingButton(
  props: { place: BookingPlace; children: React.ReactNode } & Omit<React.ComponentProps<typeof Button>, 'asChild'>,
) {
  const { bookingUrl } = useSiteSettings()
  return <BookingLink bookingUrl={bookingUrl} {...props} />
}

/** The same button given its address, for HTML drawn outside the site's layout (a post's `[[booking]]` line). */
export function BookingLink({
  bookingUrl,
  place,
  children,
  ...props
}: { bookingUrl: string; place: BookingPlace; children: React.ReactNode } & Omit<React.ComponentProps<typeof Button>, 'asChild'>) {
  return (
    <Button asChild {...props}>
      <a href={bookingUrl} target="_blank" rel="noopener noreferrer" data-booking={place}>
        {children}
      </a>
    </Button>
  )
}
