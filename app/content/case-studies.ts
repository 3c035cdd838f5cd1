import type { CaseStudy } from './types'

// Client names, people and figures below are illustrative examples of typical small-business projects.
export const caseStudies: CaseStudy[] = [
  {
    id: 'healthcare-ai',
    title: 'A family clinic stops losing patients to voicemail',
    client: 'Bayou Family Clinic',
    industry: 'Healthcare',
    briefDesc:
      'A three-provider clinic in New Orleans was missing calls every morning rush. An AI receptionist now answers, books routine visits and passes urgent calls to staff.',
    challenge:
      'Two front-desk staff handled check-ins, insurance questions and the phone at the same time, so dozens of calls a week went to voicemail. Many of those callers never left a message and booked somewhere else. After-hours callers heard a recording and nothing more.',
    solution:
      "We set up an AI receptionist, a voice assistant that answers the phone in plain conversation, to handle booking, rescheduling and common questions like hours, parking and which insurance the clinic takes. It books straight into the clinic's existing scheduling system and sends a text confirmation. Anything about symptoms or medical advice goes to a staff member or the on-call line, and the assistant does not give medical advice. We also added a reminder text two days before each visit.",
    results: [
      'Missed calls down from about 30 a week to 4',
      'No-shows down by roughly a fifth in the first three months',
      'About 6 hours a week of phone time handed back to the front desk',
      'After-hours callers can book instead of leaving a message',
    ],
    imageUrl: '/illustrations/healthcare.svg',
    testimonial: {
      quote:
        'Mornings used to mean the phone ringing while someone was standing at the counter. Now the phone gets answered and my staff can look the patient in the eye.',
      author: 'Denise Robichaux',
      position: 'Practice Manager',
    },
    tags: ['AI Receptionist', 'Scheduling', 'Reminders'],
    headline: { figure: '30 → 4', label: 'missed calls a week' },
  },
  {
    id: 'legal-workflow',
    title: 'A small law office cuts intake paperwork in half',
    client: 'Fontenot & Pierce Law',
    industry: 'Legal',
    briefDesc:
      "A four-attorney firm was retyping every new client's details into three different places. We connected their intake form, case software and billing so the details are entered once.",
    challenge:
      'Every new inquiry came in by phone or web form, and a paralegal copied the details into the case management software, then into billing, then into a calendar. Typos crept in, and busy weeks meant some inquiries waited two or three days for a reply.',
    solution:
      'We built a single online intake form that feeds the case software directly, creates the billing record and schedules the first consultation. An automation, meaning a set of steps the computer runs on its own when something happens, sends each new inquiry a same-day reply with next steps. A weekly summary shows the attorneys which inquiries are still waiting.',
    results: [
      'Intake time per new client down from about 40 minutes to under 20',
      'Every new inquiry gets a reply the same business day',
      "About 5 hours a week of retyping removed from the paralegal's week",
    ],
    imageUrl: '/illustrations/legal.svg',
    testimonial: {
      quote:
        'We were not looking for anything fancy. We just wanted to stop typing the same name and phone number three times, and that is what we got.',
      author: 'Michael Fontenot',
      position: 'Managing Partner',
    },
    tags: ['Automation', 'Client Intake', 'Integrations'],
    headline: { figure: '40 → 20 min', label: 'intake time per new client' },
  },
  {
    id: 'retail-chatbot',
    title: 'A gift shop answers shopper questions around the clock',
    client: 'Pelican & Pine Gifts',
    industry: 'Retail',
    briefDesc:
      'A two-location gift shop was answering the same questions about stock, hours and shipping all day. A website chatbot now handles most of them and passes the rest to staff.',
    challenge:
      'The owner and one part-time employee were answering Facebook messages, emails and calls about whether an item was in stock, store hours and shipping times. Questions that came in at night often sat until the next afternoon, and some shoppers simply bought elsewhere.',
    solution:
      "We added a chatbot, a chat window on the website that answers questions in everyday language, trained on the shop's own product list, policies and hours. It checks live stock from their point-of-sale system and can hold an item for in-store pickup. Questions it cannot answer are sent to the owner's email with the shopper's contact details.",
    results: [
      'About 7 in 10 customer questions answered without staff',
      "Roughly 4 hours a week of messages taken off the owner's plate",
      'Around 25 online pickup holds a month that used to be phone calls',
      '12% more online orders over the holiday season compared with the year before',
    ],
    imageUrl: '/illustrations/retail.svg',
    testimonial: {
      quote: 'I was worried it would sound like a robot. Customers actually thank it, and I get my evenings back.',
      author: 'Carla Thibodeaux',
      position: 'Owner',
    },
    tags: ['Chatbot', 'Customer Service', 'E-commerce'],
    headline: { figure: '7 in 10', label: 'customer questions answered without staff' },
  },
  {
    id: 'hvac-assistant',
    title: 'An HVAC company answers every summer service call',
    client: 'Sound Side Heating & Air',
    industry: 'HVAC',
    briefDesc:
      'During the summer rush, a Gulfport HVAC company was losing emergency calls to voicemail. An AI voice assistant now answers, sorts urgent jobs and books the rest.',
    challenge:
      'When the heat index climbed, the office phone rang nonstop and the two dispatchers could not keep up. Calls after 5 p.m. went to voicemail, and by morning many of those customers had already called a competitor. Technicians also wasted time calling customers back to confirm addresses and equipment details.',
    solution:
      'We set up an AI voice assistant that answers every call, asks the right questions (no cooling, strange noise, routine tune-up) and collects the address and equipment details. True emergencies are texted straight to the on-call technician, and routine jobs are booked into open slots in their field-service software. Every customer gets a text confirmation, and a follow-up text a week later asks for a review.',
    results: [
      'Missed calls in peak season down from about 45 a week to 3',
      'About 60 extra jobs booked over the summer from after-hours calls',
      'About 10 hours a week of dispatcher call-backs saved',
      'Online reviews roughly doubled over the summer',
    ],
    imageUrl: '/illustrations/hvac.svg',
    testimonial: {
      quote:
        'July used to be the month we lost the most business because we could not pick up the phone. This year every call got answered, even at 10 at night.',
      author: 'Ray Ladner',
      position: 'Owner',
    },
    tags: ['AI Receptionist', 'Voice Assistant', 'Dispatch'],
    headline: { figure: '+60', label: 'after-hours jobs booked over the summer' },
  },
  {
    id: 'doggy-daycare',
    title: 'A doggy daycare fills its calendar without phone tag',
    client: 'Wag & Wade Doggy Daycare',
    industry: 'Pet Care',
    briefDesc:
      'A busy daycare and boarding business was juggling bookings over the phone, texts and a paper calendar. Online booking and automatic reminders now keep everything in one place.',
    challenge:
      'Staff took bookings between feeding and play groups, often on sticky notes. Vaccination records were checked by hand, double bookings happened during holidays, and owners often forgot to confirm boarding dates until the last minute.',
    solution:
      'We set up online booking tied to a shared calendar that knows how many spots are open each day. A text assistant answers common questions, collects vaccination records as photos and flags any that are expired. Reminders go out before each stay, and regular customers get a friendly nudge when it has been a while since their last visit.',
    results: [
      'Double bookings over the holidays went from several to none',
      '18% more repeat bookings within four months',
      'About 7 hours a week of phone and text time saved',
    ],
    imageUrl: '/illustrations/pet-care.svg',
    testimonial: {
      quote:
        'We spend our time with the dogs now instead of on the phone. Holiday boarding used to give me a headache every year, and this year it just worked.',
      author: 'Jessica Trahan',
      position: 'Owner',
    },
    tags: ['Scheduling', 'Reminders', 'Automation'],
    headline: { figure: '+18%', label: 'repeat bookings within four months' },
  },
  {
    id: 'real-estate-lead',
    title: 'A real estate team follows up with every new lead in minutes',
    client: 'Crescent Key Realty',
    industry: 'Real Estate',
    briefDesc:
      'A six-agent brokerage was getting leads from several websites but replying hours later. An AI assistant now replies within minutes and books showings for the agents.',
    challenge:
      'Leads arrived from listing sites, the brokerage website and open-house sign-in sheets, and each agent handled them differently. Some buyers waited half a day for a reply, and a few leads were never contacted at all because no one was sure who owned them.',
    solution:
      "We routed every lead source into their CRM, the customer list where the team tracks each contact, and assigned leads to agents in turn. An AI assistant sends a personal-sounding text within minutes, asks a few questions about budget and timing, and offers showing times from the agent's calendar. Leads that go quiet get a gentle follow-up over the next two weeks.",
    results: [
      'Average first reply down from about 3 hours to under 5 minutes',
      'No leads left without an owner in the CRM',
      'Around 20% more showings booked from online leads',
      'About 2 hours a week of follow-up texting saved per agent',
    ],
    imageUrl: '/illustrations/real-estate.svg',
    testimonial: {
      quote:
        'Speed matters in this business. Buyers hear from us while they are still looking at the listing, and my agents spend their time showing houses.',
      author: 'Andre Batiste',
      position: 'Broker & Owner',
    },
    tags: ['Lead Follow-up', 'CRM', 'AI Agents'],
    headline: { figure: '3 h → 5 min', label: 'first reply to a new lead' },
  },
  {
    id: 'barber-scheduling',
    title: 'A barber shop books more chairs with less phone time',
    client: 'Hollis Street Barber Co.',
    industry: 'Beauty & Wellness',
    briefDesc:
      'A five-chair barber shop was taking bookings by phone between haircuts. An AI receptionist now answers calls and texts, books appointments and fills last-minute gaps.',
    challenge:
      'Barbers were stopping mid-cut to answer the phone, and calls during busy hours often went unanswered. Cancellations left empty chairs because there was no easy way to let waiting clients know a spot had opened.',
    solution:
      "We set up an AI receptionist that answers calls and texts, knows each barber's schedule and services, and books straight into the shop's booking app. When someone cancels, it texts clients on a short waitlist to fill the spot. Regular clients get a reminder when they are about due for their next cut.",
    results: [
      'Barbers stopped answering the phone during cuts',
      'Regulars back in the chair about every 4 weeks instead of every 6',
      'Around two-thirds of cancelled slots refilled the same day',
    ],
    imageUrl: '/illustrations/beauty-wellness.svg',
    testimonial: {
      quote: 'My guys can focus on the chair in front of them. The phone gets handled, and the book stays full.',
      author: 'Marcus Greenwood',
      position: 'Owner',
    },
    tags: ['AI Receptionist', 'Scheduling', 'Waitlist'],
    headline: { figure: '2 in 3', label: 'cancelled slots refilled the same day' },
  },
  {
    id: 'lawn-care',
    title: 'A lawn care company sends quotes the same day',
    client: 'Sweetgum Lawn & Landscape',
    industry: 'Home Services',
    briefDesc:
      'A lawn and landscaping crew was sending quotes days late because the owner did them at night. Quote requests, scheduling and invoicing now flow together with much less typing.',
    challenge:
      'The owner measured yards, wrote quotes by hand and typed them up after dark. Invoices went out late, and a few customers were billed twice or not at all because the schedule and the invoicing software did not talk to each other.',
    solution:
      "We built a simple quote request form that uses the property address to pull an estimated lot size, so most standard quotes can be sent the same day. Accepted quotes become recurring jobs in the crew's schedule, and finished jobs create invoices automatically in their accounting software. Customers get a text the day before the crew arrives.",
    results: [
      'Quotes sent the same day instead of 2 to 3 days later',
      'Billing mistakes dropped to nearly zero',
      'About 9 hours a week of evening paperwork gone',
      'Payments arriving about a week sooner on average',
    ],
    imageUrl: '/illustrations/home-services.svg',
    testimonial: {
      quote:
        'I used to do paperwork until midnight. Now the quotes and invoices mostly take care of themselves and I actually see my kids at dinner.',
      author: 'Tommy Ruiz',
      position: 'Owner',
    },
    tags: ['Automation', 'Invoicing', 'Scheduling'],
    headline: { figure: 'Same day', label: 'quotes, instead of 2 to 3 days later' },
  },
  {
    id: 'personal-trainer',
    title: 'A personal trainer keeps clients coming back',
    client: 'Lattimore Strength Studio',
    industry: 'Fitness',
    briefDesc:
      'A San Antonio trainer with a small studio was losing clients who quietly stopped booking. Automatic check-ins and easy rebooking now bring many of them back.',
    challenge:
      'The trainer ran sessions from 6 a.m. to 7 p.m. and had little time to follow up with clients who missed a week. New inquiries from Instagram and the website sat in separate inboxes, and some never got a reply.',
    solution:
      'We brought website and social media inquiries into one inbox, with a chatbot that answers common questions about pricing and schedules and books free intro sessions. When a regular client goes two weeks without booking, they get a friendly check-in text with a link to pick a time. Package renewals are offered automatically when a client has two sessions left.',
    results: [
      'About 1 in 3 quiet clients rebooked after a check-in text',
      'Every new inquiry answered within the hour',
      'About 3 hours a week of messaging saved',
    ],
    imageUrl: '/illustrations/fitness.svg',
    testimonial: {
      quote: 'I am a trainer, not an office manager. Now the follow-ups happen even on days I am in the studio for twelve hours straight.',
      author: 'Gabriela Morales',
      position: 'Owner & Head Coach',
    },
    tags: ['Chatbot', 'Client Retention', 'Automation'],
    headline: { figure: '1 in 3', label: 'quiet clients rebooked after a check-in text' },
  },
  {
    id: 'property-management',
    title: 'A property manager handles repair requests without the scramble',
    client: 'Peachtree Row Property Management',
    industry: 'Property Management',
    briefDesc:
      'An Atlanta company managing about 180 rental units was fielding repair calls at all hours. An AI assistant now takes requests, sorts urgent ones and keeps tenants updated.',
    challenge:
      'Tenants called, texted and emailed repair requests, and the small office team tracked them in a spreadsheet. Urgent issues like leaks sometimes waited behind routine ones, and tenants called back repeatedly asking for updates. The company was also running its files on an aging office server.',
    solution:
      'We set up an AI assistant that answers tenant calls and texts, collects photos and details, and creates a work order in their property management software. Urgent problems such as water leaks or no heat go straight to the on-call maintenance person. Tenants get automatic status updates as the job moves along. We also moved their files off the old office server to a cloud service with regular backups.',
    results: [
      'Urgent repairs reach a technician within 15 minutes, day or night',
      'Tenant "any update?" calls down from about 25 a week to 10',
      'About 8 hours a week of office admin saved',
      'Old office server retired with no lost files',
    ],
    imageUrl: '/illustrations/property-management.svg',
    testimonial: {
      quote: 'The 2 a.m. leak calls still happen, but now the right person hears about it right away and the tenant knows help is coming.',
      author: 'Lauren Whitfield',
      position: 'Operations Manager',
    },
    tags: ['AI Agents', 'Work Orders', 'Cloud Migration'],
    headline: { figure: '15 min', label: 'for an urgent repair to reach a technician' },
  },
]

/** The headings of a case study's own page. */
export const caseStudyPage = {
  results: 'The results',
  challenge: 'The challenge',
  solution: 'What we built',
  tools: 'Tools used',
  nextStep: {
    title: 'Could your business use the same?',
    text: 'Tell us where the hours go in your week. In a free 30-minute call we will say honestly whether this would pay off for you.',
  },
  moreFromIndustry: 'More from this industry',
  moreStories: 'More client stories',
}
