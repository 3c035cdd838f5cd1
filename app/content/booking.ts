/** Where a booking button sits decides the words of the toast it shows. */
export type BookingPlace = 'hero' | 'strategy'

/** What a booking button's toast says (components/site/booking-button.enhance.ts). */
export const bookingToast = {
  title: 'Opening scheduler...',
  descriptions: {
    hero: "You'll be redirected to our booking page.",
    strategy: "You'll be redirected to our strategy session booking page.",
  } satisfies Record<BookingPlace, string>,
}

/** The booking action's one label wherever a page offers it (issue 32); the header keeps the spec's short "Book a Call". */
export const bookingLabel = 'Book a free 30-minute call'
