import type * as React from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { bookingToast, type BookingPlace } from '~/content/booking'
import { useSiteSettings } from './use-site-settings'

/**
 * Opens the external scheduler in a new tab and says so. A plain link: without JavaScript it still
 * opens the scheduler, and on a plain page the enhancement script shows the toast (data-booking).
 */
export function BookingButton({
  place,
  children,
  ...props
}: { place: BookingPlace; children: React.ReactNode } & Omit<React.ComponentProps<typeof Button>, 'asChild' | 'onClick'>) {
  const { bookingUrl } = useSiteSettings()
  return (
    <Button asChild {...props}>
      <a
        href={bookingUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-booking={place}
        onClick={() => toast(bookingToast.title, { description: bookingToast.descriptions[place] })}
      >
        {children}
      </a>
    </Button>
  )
}
