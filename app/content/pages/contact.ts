import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

export const contactPage: PageSeed = {
  path: '/contact',
  name: 'Contact',
  template: 'page',
  content: {
    title: "Let's Talk",
    description:
      "Tell us a little about your business and what's taking up your time. A real person from our team will get back to you within one business day, or you can pick a time for a free 30-minute strategy session right now.",
    blocks: [
      {
        id: 'contact-header',
        type: 'page-header',
        data: {
          title: "Let's Talk",
          text: "Tell us a little about your business and what's taking up your time. A real person from our team will get back to you within one business day, or you can pick a time for a free 30-minute strategy session right now.",
          bookingButton: bookingLabel,
          visual: 'contact',
        },
      },
      {
        id: 'contact-form',
        type: 'contact-form',
        data: {
          tone: 'muted',
          formTitle: 'Send us a message',
          bookingTitle: 'Book a Strategy Session',
          bookingText:
            "In 30 minutes we'll look at your calls, leads and paperwork, point out where AI can help most, and give you a rough idea of cost. Free, with no obligation.",
          bookingButton: 'Open Scheduler',
          emailTitle: 'Prefer email?',
        },
      },
      {
        id: 'contact-locations',
        type: 'locations',
        data: {
          anchor: 'locations',
          title: 'Our Locations',
          intro:
            'We work with businesses across the U.S., by phone and video, and we have local teams in New Orleans, Biloxi/Gulfport, Atlanta and San Antonio for when you want someone in the room.',
          tone: 'white',
        },
      },
      {
        id: 'contact-closing',
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'Rather pick a time now?',
          text: 'Skip the form and choose a slot for a free 30-minute call. Bring your questions; we bring a plain answer.',
          tone: 'muted',
          style: 'plain',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
