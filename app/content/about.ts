import type { Testimonial } from './types'

// The About page's testimonials when the database cannot be read; the table starts with these.
export const aboutTestimonials: Testimonial[] = [
  {
    quote:
      'They took the time to learn how a daycare actually runs before suggesting anything. Booking, vaccination records and reminders are all in one place now, and when I have a question someone calls me back the same day.',
    name: 'Jessica Trahan',
    title: 'Owner',
    company: 'Wag & Wade Doggy Daycare',
    stars: 5,
  },
  {
    quote:
      "They explained every step in plain English, from the tenant assistant to moving us off our old server. Repair requests are organized, urgent ones reach our maintenance person fast, and we didn't lose a single file.",
    name: 'Lauren Whitfield',
    title: 'Operations Manager',
    company: 'Peachtree Row Property Management',
    stars: 5,
  },
]
