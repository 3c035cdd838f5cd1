import type * as React from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { useSiteSettings } from './use-site-settings'

/** Where the button sits decides the words of the toast it shows. */
export type BookingPlace = 'hero' | 'strategy'

const descriptions: Record<BookingPlace, string> = {
  hero: "You'll be redirected to our booking page.",
  strategy: "You'll be redirected to our strategy session booking page.",
}

/** Opens the external scheduler in a new tab and says so. */
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
        onClick={() => toast('Opening scheduler...', { description: descriptions[place] })}
      >
        {children}
      </a>
    </Button>
  )
}
