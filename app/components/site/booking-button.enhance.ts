import { bookingToast, type BookingPlace } from '~/content/booking'
import type { Enhancement } from '~/enhance/enhancement'
import { createToaster } from '~/enhance/toast'

/** A booking link opens the scheduler by itself (a new tab); this adds the toast saying so. */
export const bookingButton: Enhancement = {
  widget: 'booking button',
  wire() {
    const showToast = createToaster()
    document.addEventListener('click', (event) => {
      const link = (event.target as Element).closest<HTMLElement>('a[data-booking]')
      const place = link?.dataset.booking as BookingPlace | undefined
      if (place) showToast(bookingToast.title, bookingToast.descriptions[place])
    })
  },
}
