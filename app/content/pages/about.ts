import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

export const aboutPage: PageSeed = {
  path: '/about',
  name: 'About',
  template: 'page',
  content: {
    title: 'About',
    description: 'Who we are, what we value and the team that sets up AI and modern IT for small businesses across the U.S.',
    blocks: [
      {
        id: 'about-header',
        type: 'page-header',
        data: {
          eyebrow: 'About',
          title: 'Practical technology for the businesses that keep towns running',
          visual: 'team',
        },
      },
      {
        id: 'about-story',
        type: 'rich-text',
        data: {
          anchor: 'our-story',
          title: 'Our Story',
          tone: 'white',
          layout: 'split',
          body: [
            'We started this company after years of running IT for small businesses along the Gulf Coast: clinics, law offices, contractors and family shops. We fixed servers after storms, set up phones and email, and sat with owners at the end of long days.',
            'Over and over we saw the same thing. Good businesses were losing customers to missed calls, slow replies and paperwork that piled up after hours. When practical AI tools became affordable, we saw a way to take that load off owners without asking them to become tech experts.',
            'Today we help small and medium businesses across the U.S., with local teams in New Orleans, Biloxi/Gulfport, Atlanta and San Antonio. We still work the way we always have: we listen first, start small, explain things plainly and stay around after the setup is done.',
          ].join('\n\n'),
        },
      },
      {
        id: 'about-values',
        type: 'card-grid',
        data: {
          anchor: 'our-values',
          title: 'Our Values',
          tone: 'muted',
          style: 'items',
          columns: '2',
          items: [
            {
              title: 'Trust',
              description:
                "We are upfront about cost, timing and what a tool can and can't do. Your data stays yours, and you can always see how things are set up.",
              icon: 'handshake',
              color: 'blue',
            },
            {
              title: 'Simplicity',
              description:
                'We pick the simplest setup that solves the problem and explain it in everyday words. If your team needs a manual to use it, we have not finished the job.',
              icon: 'sparkles',
              color: 'blue',
            },
            {
              title: 'Support',
              description:
                'When something needs a tweak, you reach a real person who knows your setup. We check in after launch to make sure everything is still working for you.',
              icon: 'headset',
              color: 'blue',
            },
            {
              title: 'Results',
              description:
                'We agree on what success looks like before we start, such as calls answered or hours saved, and we track it afterward so you can see the difference.',
              icon: 'target',
              color: 'blue',
            },
            {
              title: 'Value',
              description:
                'Every project should pay for itself. We look at the return before you commit and suggest starting with the change that saves the most for the least.',
              icon: 'dollar',
              color: 'blue',
            },
          ],
        },
      },
      {
        id: 'about-team',
        type: 'team',
        data: {
          anchor: 'our-team',
          title: 'Our Team',
          tone: 'white',
        },
      },
      {
        id: 'about-locations',
        type: 'locations',
        data: {
          anchor: 'locations',
          title: 'Our Locations',
          intro:
            'We work with businesses across the U.S., by phone and video, and we have local teams in New Orleans, Biloxi/Gulfport, Atlanta and San Antonio for when you want someone in the room.',
          tone: 'dark',
        },
      },
      {
        id: 'about-testimonials',
        type: 'testimonials',
        data: {
          anchor: 'testimonials',
          title: 'What clients say',
          tone: 'white',
          page: 'about',
          columns: '2',
        },
      },
      {
        id: 'about-partners',
        type: 'partners',
        data: {
          anchor: 'partners',
          title: 'Tools we trust',
          intro: 'Cloud, telephony and automation partners we build on.',
          tone: 'muted',
          style: 'logos',
        },
      },
      {
        id: 'about-closing',
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'Meet us before you decide anything',
          text: 'The first call is 30 minutes with someone from this team. You tell us how your week runs, and we tell you plainly what we would set up first.',
          tone: 'white',
          style: 'feature',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
