import type { Service, SuccessSnapshot, Testimonial } from './types'

export const hero = {
  eyebrow: 'AI help for small and medium businesses',
  title: 'Answer every call and follow up every lead without adding staff',
  highlight: 'without adding staff',
  subtitle:
    'We set up AI receptionists, chatbots and simple automations that take phone calls, book appointments and handle repeat paperwork. You get your hours back and your customers get a quick answer. We handle the details, and your team keeps working the way it already does.',
  primaryCta: 'Book Your Free Strategy Session',
  secondaryCta: 'See What We Do',
  resultsTitle: 'What clients measured',
  clientsTitle: 'Owners who already got their hours back',
}

export const pillars: Service[] = [
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
]

export const services: Service[] = [
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
]

export const reasons: Service[] = [
  {
    title: 'Trust',
    description:
      "We tell you what a project costs and what it will do before you sign anything. Your customer data stays yours, and we never lock you into tools you can't leave.",
    color: 'blue',
    icon: 'handshake',
  },
  {
    title: 'Simplicity',
    description: 'No jargon and no giant software rollout. We start with one clear problem, fix it, and only then talk about the next one.',
    color: 'teal',
    icon: 'sparkles',
  },
  {
    title: 'Outcomes',
    description:
      'We measure what matters to you: calls answered, hours saved, jobs booked. If a tool is not paying for itself, we adjust it or switch it off.',
    color: 'emerald',
    icon: 'target',
  },
  {
    title: 'SMB Focus',
    description:
      'We work with shops, clinics, crews and offices, not large corporations. Our plans fit a small team, a small budget and a busy owner.',
    color: 'amber',
    icon: 'store',
  },
  {
    title: 'Fast Results',
    description:
      'Many of our setups are up and running in two to four weeks. You start seeing answered calls and saved hours within the first month, not next year.',
    color: 'rose',
    icon: 'zap',
  },
]

/** What a new client's first month looks like, step by step. */
export const firstThirtyDays = {
  eyebrow: 'How it starts',
  title: 'Your first 30 days',
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
}

export const successSnapshots: SuccessSnapshot[] = [
  {
    company: 'Sound Side Heating & Air',
    result: 'Missed calls down from about 30 a week to 4 in peak season',
    color: 'blue',
    caseStudyId: 'hvac-assistant',
  },
  {
    company: 'Crescent Key Realty',
    result: 'First reply to new leads down from about 3 hours to under 5 minutes',
    color: 'violet',
    caseStudyId: 'real-estate-lead',
  },
  {
    company: 'Wag & Wade Doggy Daycare',
    result: '18% more repeat bookings and no holiday double bookings',
    color: 'emerald',
    caseStudyId: 'doggy-daycare',
  },
]

export const featuredCaseStudyIds: string[] = ['hvac-assistant', 'healthcare-ai', 'real-estate-lead']

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

export const closingCta = {
  title: "Let's Build Together" as const,
  text: "Tell us what eats up your week. In a free 30-minute strategy session we'll look at your calls, leads and paperwork, and show you where AI can save time, with a rough idea of cost. No pressure and no obligation.",
  button: 'Book Your Free Strategy Session',
}

export const getInTouch = {
  title: 'Get in Touch' as const,
  text: 'Have a question before you book? Send us a note and a real person from our team will get back to you within one business day.',
}
