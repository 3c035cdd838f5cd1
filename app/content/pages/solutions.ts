import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

const intro =
  'We focus on four kinds of work that help small businesses the most. Each one starts with a problem you already feel, like missed calls, late quotes or an old server, and ends with something you can measure.'

export const solutionsPage: PageSeed = {
  path: '/solutions',
  name: 'Solutions',
  template: 'page',
  content: {
    title: 'Solutions',
    description: intro,
    blocks: [
      {
        id: 'solutions-header',
        type: 'page-header',
        data: { eyebrow: 'Solutions', title: 'Solutions that fit how you already work', text: intro },
      },
      // The four kinds of work come from Collections → Services, each a band reached by its anchor.
      { id: 'solutions-services', type: 'services', data: { tone: 'white' } },
      // The figures are the owner's to change; the FAQ's cost answer (app/content/faq.ts) quotes the same ones.
      {
        id: 'solutions-pricing',
        type: 'pricing',
        data: {
          anchor: 'pricing',
          eyebrow: 'Pricing',
          title: 'What it costs',
          intro:
            'Every project gets a fixed price before any work starts. Most small businesses fit one of these three, and the first call is free.',
          tone: 'muted',
          priceLead: 'From',
          packages: [
            {
              name: 'One job handled',
              price: '$1,500',
              priceNote: 'one-time setup',
              summary: 'One AI receptionist, or one automation such as quote follow-ups or appointment reminders.',
              includes: [
                { text: 'Set up around the way you already take calls and bookings' },
                { text: 'Connected to your calendar or job software' },
                { text: 'Staff shown how it works, with a one-page guide' },
                { text: 'Running costs from $150 a month, billed at cost' },
              ],
            },
            {
              name: 'A connected set',
              price: '$4,500',
              priceNote: 'one-time setup',
              summary: 'Two to four jobs joined up, so a call becomes a booking, a reminder and an invoice without retyping.',
              includes: [
                { text: 'Phone, website, scheduling and invoicing talking to each other' },
                { text: 'Your customer list cleaned up and moved once' },
                { text: 'A check-in after 30 days to adjust what needs it' },
                { text: 'Most sets run $4,500 to $12,000 in total' },
              ],
            },
            {
              name: 'Ongoing IT care',
              price: '$300',
              priceNote: 'a month',
              summary: 'Computers, e-mail, backups and security looked after for an office of up to 10 people.',
              includes: [
                { text: 'Updates, monitoring and nightly backups' },
                { text: 'Help by phone or e-mail within one business day' },
                { text: 'Small changes to your automations included' },
                { text: 'Month to month, with no long contract' },
              ],
            },
          ],
          promiseTitle: 'A fixed-price first project, and 30 days to try it',
          promise:
            'We agree the price in writing before we start, and if the work takes longer, that is on us. Anything that answers your phone or your customers runs as a 30-day pilot first: if it is not earning its keep, you stop it and the monthly charges stop too.',
          buttonLabel: bookingLabel,
        },
      },
      {
        id: 'solutions-closing',
        type: 'cta-band',
        data: {
          anchor: 'solutions-closing',
          title: 'Not sure which one fits?',
          text: 'Most owners start with the job that costs them the most hours. Tell us about your week and we will point to it, in one free 30-minute call.',
          tone: 'white',
          style: 'plain',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
