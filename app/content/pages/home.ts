import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

export const homePage: PageSeed = {
  path: '/',
  name: 'Home',
  template: 'page',
  content: {
    description:
      'AI receptionists, chatbots, automation and modern IT for small and medium businesses across the U.S. Book a free 30-minute strategy session.',
    blocks: [
      {
        id: 'home-hero',
        type: 'hero',
        data: {
          eyebrow: 'AI help for small and medium businesses',
          title: 'Answer every call and follow up every lead without adding staff',
          highlight: 'without adding staff',
          subtitle:
            'We set up AI receptionists, chatbots and simple automations that take phone calls, book appointments and handle repeat paperwork. You get your hours back and your customers get a quick answer. We handle the details, and your team keeps working the way it already does.',
          primaryCta: bookingLabel,
          secondaryCta: 'See What We Do',
          secondaryLink: '#what-we-do',
          resultsTitle: 'What clients measured',
        },
      },
      { id: 'home-clients', type: 'client-marks', data: { title: 'Owners who already got their hours back' } },
      {
        id: 'home-what-we-do',
        type: 'card-grid',
        data: {
          anchor: 'what-we-do',
          eyebrow: 'What We Do',
          title: 'Three ways we take work off your plate',
          tone: 'white',
          style: 'cards',
          columns: '3',
          items: [
            {
              title: 'AI Automation',
              description:
                'We take repeat office jobs like data entry, reminders and invoicing off your plate. An automation is a set of steps the computer runs on its own whenever something happens, like a new form or a finished job.',
              color: 'blue',
              icon: 'workflow',
            },
            {
              title: 'IT Modernization',
              description:
                'We move you off aging servers and patched-together systems onto reliable, backed-up tools. Your files are safe and your team can work from the office, the truck or home.',
              color: 'teal',
              icon: 'server',
            },
            {
              title: 'AI Agents',
              description:
                'An AI agent is an assistant that talks with your customers by phone, text or chat and gets simple things done. Ours answer questions, book appointments and send anything unusual to a real person.',
              color: 'violet',
              icon: 'bot',
            },
          ],
        },
      },
      {
        id: 'home-services',
        type: 'card-grid',
        data: {
          anchor: 'solutions',
          eyebrow: 'Services',
          title: 'From first idea to a system your team uses',
          tone: 'muted',
          style: 'items',
          columns: '2',
          items: [
            {
              title: 'AI Strategy',
              description:
                "We look at where your week actually goes and point out the two or three jobs where AI would save the most time or money. If AI isn't the right fit for something, we'll say so.",
              color: 'amber',
              icon: 'lightbulb',
            },
            {
              title: 'Custom AI Solutions',
              description:
                'We build assistants and workflows around your services, prices and policies, so they answer the way your best employee would. Nothing generic, nothing you have to configure yourself.',
              color: 'violet',
              icon: 'puzzle',
            },
            {
              title: 'AI Integration',
              description:
                'We connect the new tools to the software you already use, like your calendar, CRM, booking app or accounting system. A CRM is simply the customer list where you track every contact.',
              color: 'blue',
              icon: 'plug',
            },
            {
              title: 'AI Training',
              description:
                'We show you and your staff how everything works in plain language, in short sessions that fit around your schedule. You get simple written guides to keep, too.',
              color: 'emerald',
              icon: 'graduation',
            },
          ],
        },
      },
      {
        id: 'home-why-choose-us',
        type: 'steps',
        data: {
          anchor: 'why-choose-us',
          eyebrow: 'Why Choose Us',
          title: 'Built for owners who are short on time',
          tone: 'white',
          style: 'list',
          steps: [
            {
              title: 'Trust',
              text: "We tell you what a project costs and what it will do before you sign anything. Your customer data stays yours, and we never lock you into tools you can't leave.",
            },
            {
              title: 'Simplicity',
              text: 'No jargon and no giant software rollout. We start with one clear problem, fix it, and only then talk about the next one.',
            },
            {
              title: 'Outcomes',
              text: 'We measure what matters to you: calls answered, hours saved, jobs booked. If a tool is not paying for itself, we adjust it or switch it off.',
            },
            {
              title: 'SMB Focus',
              text: 'We work with shops, clinics, crews and offices, not large corporations. Our plans fit a small team, a small budget and a busy owner.',
            },
            {
              title: 'Fast Results',
              text: 'Many of our setups are up and running in two to four weeks. You start seeing answered calls and saved hours within the first month, not next year.',
            },
          ],
        },
      },
      {
        id: 'home-first-30-days',
        type: 'steps',
        data: {
          anchor: 'first-30-days',
          eyebrow: 'How it starts',
          title: 'Your first 30 days',
          tone: 'dark',
          style: 'timeline',
          steps: [
            {
              when: 'Day 1',
              title: 'A free strategy call',
              text: 'Thirty minutes on where your hours and missed calls go. You leave with the one or two jobs worth fixing first, whether or not you hire us.',
            },
            {
              when: 'Week 1',
              title: 'A plan with a price',
              text: 'One page: what we will set up, what it connects to, what it costs each month and what you should see change. Nothing starts until you say yes.',
            },
            {
              when: 'Weeks 2-3',
              title: 'Built around your business',
              text: 'We set it up with your services, prices and policies, connect it to the calendar or CRM you already use, and test it on real calls and messages.',
            },
            {
              when: 'Day 30',
              title: 'Live, measured, adjusted',
              text: 'It goes live with your team trained. We count what changed, calls answered, hours saved, jobs booked, and tune it with you.',
            },
          ],
        },
      },
      {
        id: 'home-proof',
        type: 'featured-proof',
        data: {
          anchor: 'case-studies',
          eyebrow: 'Client Success Stories',
          title: 'Real businesses, everyday problems solved',
          tone: 'muted',
          featuredAnchor: 'client-success',
          featuredLabel: 'Client Success Snapshot',
          studies: ['hvac-assistant', 'real-estate-lead', 'doggy-daycare', 'lawn-care'],
          linkTo: 'card',
          buttonLabel: 'View All Case Studies',
          buttonLink: '/case-studies',
        },
      },
      {
        id: 'home-build-together',
        type: 'cta-band',
        data: {
          anchor: 'build-together',
          title: "Let's Build Together",
          text: "Tell us what eats up your week. In a free 30-minute strategy session we'll look at your calls, leads and paperwork, and show you where AI can save time, with a rough idea of cost. No pressure and no obligation.",
          tone: 'white',
          style: 'feature',
          buttonLabel: bookingLabel,
          buttonAction: 'booking',
        },
      },
      {
        id: 'home-contact',
        type: 'contact-details',
        data: {
          anchor: 'contact',
          title: 'Get in Touch',
          text: 'Have a question before you book? Send us a note and a real person from our team will get back to you within one business day.',
          tone: 'muted',
        },
      },
    ],
  },
}
