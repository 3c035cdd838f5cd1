import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

export const partnersPage: PageSeed = {
  path: '/partners',
  name: 'Partners',
  template: 'page',
  content: {
    title: 'Our Partners',
    description:
      'We collaborate with trusted technology providers so your phones, automations and cloud systems run on tools that are proven, supported and fairly priced.',
    blocks: [
      {
        id: 'partners-header',
        type: 'page-header',
        data: {
          title: 'Our Partners',
          text: 'We collaborate with trusted technology providers so your phones, automations and cloud systems run on tools that are proven, supported and fairly priced.',
        },
      },
      {
        id: 'partners-list',
        type: 'partners',
        data: {
          tone: 'muted',
          style: 'tabs',
        },
      },
      {
        id: 'partners-become',
        type: 'cta-band',
        data: {
          title: 'Ready to Partner with Us?',
          text: 'If your product helps small businesses run better, we would like to hear from you.',
          tone: 'white',
          style: 'plain',
          buttonLabel: 'Become a Partner',
          buttonAction: 'partners-email',
        },
      },
      {
        id: 'partners-closing',
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'Want these tools working for you?',
          text: 'You do not have to pick a vendor yourself. In one free call we tell you which of these fit your business and what they would cost to run.',
          tone: 'muted',
          style: 'feature',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
