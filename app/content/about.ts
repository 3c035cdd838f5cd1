import type { Testimonial, Value } from './types'

export const story = {
  title: 'Our Story' as const,
  paragraphs: [
    'We started this company after years of running IT for small businesses along the Gulf Coast: clinics, law offices, contractors and family shops. We fixed servers after storms, set up phones and email, and sat with owners at the end of long days.',
    'Over and over we saw the same thing. Good businesses were losing customers to missed calls, slow replies and paperwork that piled up after hours. When practical AI tools became affordable, we saw a way to take that load off owners without asking them to become tech experts.',
    'Today we help small and medium businesses across the U.S., with local teams in New Orleans, Biloxi/Gulfport, Atlanta and San Antonio. We still work the way we always have: we listen first, start small, explain things plainly and stay around after the setup is done.',
  ],
}

export const values: Value[] = [
  {
    title: 'Trust',
    description:
      "We are upfront about cost, timing and what a tool can and can't do. Your data stays yours, and you can always see how things are set up.",
    icon: 'handshake',
  },
  {
    title: 'Simplicity',
    description:
      'We pick the simplest setup that solves the problem and explain it in everyday words. If your team needs a manual to use it, we have not finished the job.',
    icon: 'sparkles',
  },
  {
    title: 'Support',
    description:
      'When something needs a tweak, you reach a real person who knows your setup. We check in after launch to make sure everything is still working for you.',
    icon: 'headset',
  },
  {
    title: 'Results',
    description:
      'We agree on what success looks like before we start, such as calls answered or hours saved, and we track it afterward so you can see the difference.',
    icon: 'target',
  },
  {
    title: 'Value',
    description:
      'Every project should pay for itself. We look at the return before you commit and suggest starting with the change that saves the most for the least.',
    icon: 'dollar',
  },
]

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

export const aboutPartnerNames: string[] = [
  'AWS Partner Network (APN)',
  'Microsoft Cloud Partner (Azure)',
  'Google Cloud',
  'Twilio',
  'Zapier for Companies',
  'Make (Integromat)',
]
