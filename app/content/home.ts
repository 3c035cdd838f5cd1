import type { Testimonial } from './types'

// The home page's testimonials when the database cannot be read; the table starts with these.
export const homeTestimonials: Testimonial[] = [
  {
    quote:
      "Summer is when we make our year, and it's also when we used to miss the most calls. Now the phone gets answered every time, the real emergencies reach my on-call tech, and the rest are booked before I get to the office.",
    name: 'Ray Ladner',
    title: 'Owner',
    company: 'Sound Side Heating & Air',
    stars: 5,
  },
  {
    quote:
      'I expected a lot of training and headaches. Instead, patients book and reschedule on the phone without waiting on hold, and my front desk has about six hours a week back for the people standing in front of them.',
    name: 'Denise Robichaux',
    title: 'Practice Manager',
    company: 'Bayou Family Clinic',
    stars: 5,
  },
  {
    quote:
      "Our leads used to wait hours for a reply. Now they hear from us in a few minutes, every lead has an agent assigned, and we're booking noticeably more showings from the same websites.",
    name: 'Andre Batiste',
    title: 'Broker & Owner',
    company: 'Crescent Key Realty',
    stars: 5,
  },
]
