/** Where a booking button sits decides the words of the toast it shows. */
export type BookingPlace = 'hero' | 'strategy'

/** What a booking button's toast says, on React pages (sonner) and plain ones (app/enhance/booking.ts) alike. */
export const bookingToast = {
  title: 'Opening scheduler...',
  descriptions: {
    hero: "You'll be redirected to our booking page.",
    strategy: "You'll be redirected to our strategy session booking page.",
  } satisfies Record<BookingPlace, string>,
}
