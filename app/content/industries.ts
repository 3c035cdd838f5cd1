import type { Industry } from './types'

export const industries: Industry[] = [
  {
    slug: 'hvac',
    name: 'HVAC',
    summary: 'Answer every service call in peak season and book routine jobs without tying up your dispatchers.',
    image: '/illustrations/hvac.svg',
    imageAlt: 'A wall air conditioner blowing cool air, a thermostat and a phone confirming a service booking',
    intro:
      'When the heat hits, your phone rings nonstop and every missed call can be a job that goes to a competitor. We set up an AI voice assistant, a system that answers the phone and talks with callers in plain language, so every call gets picked up, emergencies reach your on-call tech fast, and routine work lands in open slots on the schedule.',
    challenges: [
      'Calls go to voicemail when dispatchers are swamped or the office is closed',
      'Real emergencies get mixed in with tune-up requests',
      'Technicians call customers back just to confirm addresses and equipment',
      'Happy customers rarely get around to leaving a review',
    ],
    solutions: [
      {
        title: 'AI voice receptionist',
        description: 'Answers every call day and night, asks the right questions and collects the address and equipment details.',
      },
      {
        title: 'Emergency routing',
        description: 'No-cooling and no-heat calls are texted straight to your on-call technician with the details.',
      },
      {
        title: 'Booking into your field-service software',
        description: 'Routine jobs go into open slots and the customer gets a text confirmation right away.',
      },
      {
        title: 'Review requests',
        description: 'A friendly text a week after the visit asks satisfied customers for a review.',
      },
    ],
    caseStudyId: 'hvac-assistant',
  },
  {
    slug: 'doggy-daycare',
    name: 'Doggy Daycare',
    summary: 'Take bookings, check vaccination records and send reminders without playing phone tag between play groups.',
    image: '/illustrations/pet-care.svg',
    imageAlt: 'A happy dog with a collar beside a calendar with a booked appointment',
    intro:
      'Your team should be with the dogs, not stuck on the phone or flipping through a paper calendar. We set up online booking that knows how many spots are open each day, a text assistant that answers common questions, and reminders that keep owners on track before every stay.',
    challenges: [
      'Bookings arrive by phone, text and social media and end up on sticky notes',
      'Vaccination records have to be checked by hand',
      'Double bookings creep in around holidays',
      'Regulars drift away without anyone noticing',
    ],
    solutions: [
      {
        title: 'Online booking with live capacity',
        description: 'Owners pick open days themselves, and the calendar stops taking bookings when you are full.',
      },
      {
        title: 'Text assistant for owners',
        description: 'Answers questions about hours, pricing and drop-off, and collects vaccination records as photos.',
      },
      {
        title: 'Expired record alerts',
        description: 'Flags any vaccination that is out of date before the dog arrives, not at the front door.',
      },
      {
        title: 'Reminders and come-back nudges',
        description: 'Texts before each stay, plus a friendly note to regulars when it has been a while.',
      },
    ],
    caseStudyId: 'doggy-daycare',
  },
  {
    slug: 'real-estate',
    name: 'Real Estate',
    summary: "Reply to every new lead within minutes and book showings straight onto your agents' calendars.",
    image: '/illustrations/real-estate.svg',
    imageAlt: 'A house with a new buyer lead card and a message bubble',
    intro:
      'Buyers usually go with the first agent who gets back to them. We route leads from every website and open house into one place, and an AI assistant sends a quick, personal text, asks about budget and timing, and offers showing times while the buyer is still looking at the listing.',
    challenges: [
      'Leads come from several websites and sign-in sheets with no single list',
      'Replies take hours, and some leads are never contacted at all',
      'It is unclear which agent owns which lead',
      'Follow-up stops after one or two messages',
    ],
    solutions: [
      {
        title: 'All leads in one CRM',
        description: 'Every source feeds your CRM, the customer list your team works from, with each lead assigned to an agent.',
      },
      {
        title: 'Instant first reply',
        description: 'A personal-sounding text goes out within minutes, day or night, and asks a few qualifying questions.',
      },
      {
        title: 'Showing scheduler',
        description: "Buyers pick a time from the agent's real calendar, so there is no back-and-forth.",
      },
      {
        title: 'Gentle follow-up',
        description: 'Leads that go quiet get a short series of polite check-ins over the next two weeks.',
      },
    ],
    caseStudyId: 'real-estate-lead',
  },
  {
    slug: 'barber-shops',
    name: 'Barber Shops',
    summary: 'Keep the chairs full and stop answering the phone in the middle of a cut.',
    image: '/illustrations/beauty-wellness.svg',
    imageAlt: 'Open salon scissors with sparkles beside a booking calendar and clock',
    intro:
      "Every time a barber stops a cut to grab the phone, the client in the chair waits. We set up an AI receptionist that answers calls and texts, knows each barber's schedule and services, books straight into your booking app and fills last-minute cancellations from a short waitlist.",
    challenges: [
      'Barbers stop mid-cut to answer calls, or calls go unanswered',
      'Cancellations leave empty chairs that nobody hears about in time',
      'Regular clients forget to book their next cut',
    ],
    solutions: [
      {
        title: 'AI receptionist for calls and texts',
        description: 'Answers questions about prices and availability and books with the right barber.',
      },
      {
        title: 'Waitlist fill-ins',
        description: 'When someone cancels, clients on the waitlist get a text offering the open spot.',
      },
      {
        title: 'Rebooking reminders',
        description: 'Regulars get a friendly text when they are about due for their next cut.',
      },
    ],
    caseStudyId: 'barber-scheduling',
  },
  {
    slug: 'property-management',
    name: 'Property Management',
    summary: 'Take repair requests around the clock, send urgent ones to the right person and keep tenants updated.',
    image: '/illustrations/property-management.svg',
    imageAlt: 'An apartment building with a resolved maintenance ticket and wrench',
    intro:
      'Repair requests arrive by call, text and email at every hour, and tenants want to know what is happening. We set up an AI assistant that takes each request, collects photos and details, creates the work order and sends urgent problems straight to your on-call maintenance person.',
    challenges: [
      'Requests arrive through several channels and get tracked in a spreadsheet',
      'Urgent leaks wait behind routine repairs',
      'Tenants call back again and again asking for updates',
      'Files sit on an aging office server with shaky backups',
    ],
    solutions: [
      {
        title: 'Tenant request assistant',
        description: 'Answers calls and texts, gathers photos and details and creates a work order in your property software.',
      },
      {
        title: 'Urgent issue routing',
        description: 'Water leaks, no heat and similar problems reach your on-call maintenance person right away.',
      },
      {
        title: 'Automatic status updates',
        description: 'Tenants get a text as the job is scheduled, started and finished, so fewer "any update?" calls.',
      },
      {
        title: 'Move to the cloud',
        description: 'Your files move off the old server to a backed-up cloud service your team can reach anywhere.',
      },
    ],
    caseStudyId: 'property-management',
  },
  {
    slug: 'lawn-care',
    name: 'Lawn Care',
    summary: 'Send quotes the same day and let scheduling and invoicing run on their own.',
    image: '/illustrations/home-services.svg',
    imageAlt: 'A lawn mower on grass with a leaf beside a job schedule checklist',
    intro:
      'You started a lawn care business to work outside, not to type up quotes at midnight. We set up a quote request form that estimates lot size from the address, turn accepted quotes into recurring jobs, and create invoices automatically when the work is done.',
    challenges: [
      'Quotes go out days late because they get written after dark',
      'The schedule and the invoicing software do not talk to each other',
      'Customers get billed twice, or not at all',
      'Payments arrive slowly',
    ],
    solutions: [
      {
        title: 'Same-day quotes',
        description: 'A simple form pulls an estimated lot size from the address so standard quotes go out quickly.',
      },
      {
        title: 'Recurring job scheduling',
        description: "Accepted quotes become repeat visits on the crew's schedule, with a reminder text the day before.",
      },
      {
        title: 'Automatic invoicing',
        description: 'Finished jobs create invoices in your accounting software, so nothing is missed or doubled.',
      },
    ],
    caseStudyId: 'lawn-care',
  },
]
