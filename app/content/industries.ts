import type { Industry } from './types'

export const industries: Industry[] = [
  {
    slug: 'hvac',
    name: 'HVAC',
    summary: 'Answer every service call in peak season and book routine jobs without tying up your dispatchers.',
    image: '/illustrations/trades/hvac.svg',
    imageAlt: 'An outdoor air conditioning unit beside a thermostat',
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
    image: '/illustrations/trades/pet-care.svg',
    imageAlt: 'A paw print, a food bowl, a leash and a bone',
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
    image: '/illustrations/trades/real-estate.svg',
    imageAlt: 'A house with a sign out front',
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
    image: '/illustrations/trades/beauty-wellness.svg',
    imageAlt: 'A barber pole beside a comb',
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
    image: '/illustrations/trades/property-management.svg',
    imageAlt: 'An apartment building and a key',
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
    image: '/illustrations/trades/home-services.svg',
    imageAlt: 'A lawn mower on freshly cut grass',
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
  {
    slug: 'healthcare',
    name: 'Healthcare',
    summary: 'Answer the morning rush, book routine visits and send reminders, with every medical question going to your staff.',
    image: '/illustrations/trades/healthcare.svg',
    imageAlt: 'A patient chart with a medical cross beside a stethoscope',
    intro:
      'In a small clinic the front desk checks patients in, answers insurance questions and picks up the phone at once. We set up an AI receptionist that answers calls, books routine visits and sends reminders, while anything about symptoms goes to a person. Patient details stay inside tools covered by your HIPAA agreements.',
    challenges: [
      'The phone rings through the morning rush while patients wait at the counter',
      'Callers who reach voicemail book with another clinic instead',
      'No-shows leave gaps that nobody fills in time',
      'New-patient forms arrive on paper and get typed in by hand',
    ],
    solutions: [
      {
        title: 'AI receptionist for booking',
        description: 'Books, moves and cancels routine visits and answers questions about hours, parking and insurance taken.',
      },
      {
        title: 'Clinical questions go to staff',
        description: 'The assistant gives no medical advice: symptoms and urgent calls reach the nurse line or on-call provider.',
      },
      {
        title: 'Privacy-aware intake',
        description: 'New patients fill in a secure form that goes into your practice software, with no details left in email or text.',
      },
      {
        title: 'Visit reminders',
        description: 'A text two days before each visit, with an easy way to reschedule so the slot can go to someone else.',
      },
    ],
    caseStudyId: 'healthcare-ai',
  },
  {
    slug: 'legal',
    name: 'Legal Services',
    summary: 'Take in new clients once, run the conflict check before the first call and reply to every inquiry the same day.',
    image: '/illustrations/trades/legal.svg',
    imageAlt: 'A row of law books beside a gavel',
    intro:
      'In a small firm a new inquiry often means retyping the same name into the case software, billing and the calendar, and checking for conflicts from memory. We set up one intake form that fills in all three, checks names against your clients and opposing parties before anyone calls back, and replies the same day.',
    challenges: [
      'Every new client is typed into three programs, and typos creep in',
      'Conflict checks depend on someone remembering to search the old files',
      'Inquiries wait days for a reply in a busy trial week',
      'Attorneys cannot see which consultations are still waiting',
    ],
    solutions: [
      {
        title: 'One client intake form',
        description: 'Details are entered once and go into your case management software, billing and calendar.',
      },
      {
        title: 'Conflict check before the call',
        description: 'Each new name and opposing party is checked against your client list, and possible matches go to an attorney.',
      },
      {
        title: 'Same-day replies',
        description: 'Every inquiry gets a reply with next steps and a link to book the first consultation.',
      },
      {
        title: 'Weekly intake summary',
        description: 'Attorneys see which inquiries are new, which are booked and which still wait on a decision.',
      },
    ],
    caseStudyId: 'legal-workflow',
  },
]
