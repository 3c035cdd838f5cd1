import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

const intro =
  'We take the jobs that keep you on the phone or at the desk after hours and hand them to tools that work around the clock. You stay in charge, and a real person on our team is always a call away.'

export const howWeHelpPage: PageSeed = {
  path: '/how-we-help',
  name: 'How We Help',
  template: 'page',
  content: {
    title: 'How We Help',
    description: intro,
    blocks: [
      { id: 'how-we-help-header', type: 'page-header', data: { title: 'How We Help', text: intro } },
      {
        id: 'how-we-help-services',
        type: 'card-grid',
        data: {
          anchor: 'services',
          title: 'What we do for you',
          tone: 'white',
          style: 'cards',
          columns: '3',
          items: [
            {
              title: 'AI Workflow Automation',
              description:
                'We connect your forms, calendar, CRM and accounting so information is entered once and moves on by itself. Fewer late nights on paperwork and fewer mistakes.',
              color: 'blue',
              icon: 'workflow',
            },
            {
              title: 'AI-Powered Virtual Receptionists',
              description:
                'An AI receptionist answers your phone in a natural voice, books appointments and passes urgent calls to your team. No more customers lost to voicemail.',
              color: 'violet',
              icon: 'phone',
            },
            {
              title: 'Custom Chatbots & Voicebots',
              description:
                'A chatbot answers questions in a chat window on your website, and a voicebot does the same over the phone. Both are trained on your own services, prices and policies.',
              color: 'teal',
              icon: 'message',
            },
            {
              title: 'IT Infrastructure & Cloud Ops',
              description:
                'We retire aging servers, move your files to reliable cloud services and keep everything backed up and up to date. The cloud simply means your files live on secure, professionally run computers instead of a box in your back office.',
              color: 'emerald',
              icon: 'server',
            },
            {
              title: 'Lead Gen & Upsell Campaigns',
              description:
                'New leads get a quick, personal reply and past customers get a friendly reminder when they are due again. More booked jobs from the contacts you already have.',
              color: 'amber',
              icon: 'trending',
            },
            {
              title: 'Security & Compliance Support',
              description:
                'We set up sensible logins, backups and access rules, and help you follow the privacy rules that apply to your field. We explain what matters in plain terms, without scare tactics.',
              color: 'rose',
              icon: 'shield',
            },
          ],
        },
      },
      {
        id: 'how-we-help-industries',
        type: 'industry-cards',
        data: {
          anchor: 'industries-served',
          title: 'Industries we serve',
          tone: 'muted',
          style: 'compact',
          // The trades with a page lead to it; the rest are named without a link.
          industries: 'legal, healthcare, hvac, real-estate',
          others: 'Retail, Hospitality, Professional Services',
          linkLabel: 'How we help',
        },
      },
      {
        id: 'how-we-help-closing',
        type: 'cta-band',
        data: {
          anchor: 'book-a-call',
          title: 'Not sure where to start?',
          text: 'Tell us what takes up your week. In one free 30-minute call we point to the first job worth handing over, and what it would take to set up.',
          tone: 'white',
          style: 'feature',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
    ],
  },
}
