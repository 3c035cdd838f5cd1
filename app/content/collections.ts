import type { CollectionItem, CollectionName } from '~/lib/collections'
import { faqs } from './faq'
import { industries } from './industries'
import { locations } from './locations'
import { partners } from './partners'

// The four kinds of work, as the Solutions page launched with them.
const services: (Omit<CollectionItem<'services'>, 'points'> & { points: string[] })[] = [
  {
    anchor: 'ai-automations',
    name: 'AI Automations',
    summary:
      'Stop typing the same information into three places. An automation is a set of steps the computer runs on its own when something happens, so a new form, booking or finished job moves through your software without anyone retyping it.',
    icon: 'workflow',
    color: 'blue',
    points: [
      'New inquiries land in your CRM, calendar and inbox at the same time',
      'Quotes, invoices and reminders go out without someone staying late',
      'Fewer typos and double entries between your systems',
      'A short weekly summary of what is still waiting on you',
    ],
    example:
      'For a lawn care company, finished jobs now create invoices in their accounting software automatically, saving the owner about 9 hours of evening paperwork a week.',
  },
  {
    anchor: 'ai-agents-receptionists',
    name: 'AI Agents & Virtual Receptionists',
    summary:
      'A virtual receptionist is an AI assistant that answers your phone, texts or website chat in everyday language. It answers common questions, books appointments into your calendar and hands anything urgent or unusual to a real person.',
    icon: 'headset',
    color: 'violet',
    points: [
      'Every call answered, including nights, weekends and lunch rush',
      'Appointments booked straight into the scheduling tool you already use',
      'Urgent calls sent to your on-call person by text right away',
      'Trained on your own services, prices, hours and policies',
      'A text confirmation for every customer who books',
    ],
    example:
      'A Gulfport HVAC company went from about 45 missed calls a week in peak season to 3, and booked about 60 extra jobs over the summer from after-hours calls.',
  },
  {
    anchor: 'infrastructure-modernization',
    name: 'Infrastructure Modernization',
    summary:
      'Your infrastructure is the computers, servers, network and accounts your business runs on. We move you off aging equipment onto dependable cloud services, set up backups, and tidy up who can access what.',
    icon: 'server',
    color: 'teal',
    points: [
      'Old office servers retired and files moved to the cloud without losses',
      'Automatic backups you can actually restore from',
      'Email, logins and devices secured with simple, sensible rules',
      'Your team can reach what they need from the office, the field or home',
    ],
    example:
      'An Atlanta property manager moved its files off an aging office server to a backed-up cloud service, with no lost files and no weekend of downtime.',
  },
  {
    anchor: 'lead-gen-upsell',
    name: 'Lead Generation & Upsell Campaigns',
    summary:
      'Most small businesses already have more leads and past customers than they have time to follow up with. We set up quick, personal-sounding replies to new leads and friendly check-ins that bring past customers back for their next visit or service.',
    icon: 'trending',
    color: 'amber',
    points: [
      'New leads get a reply within minutes, not hours',
      'Quiet leads get a polite follow-up over the next couple of weeks',
      'Regular customers get a reminder when they are due again',
      'Review requests sent after each finished job',
    ],
    example:
      'A six-agent real estate team now replies to new leads in under 5 minutes instead of about 3 hours, and books around 20% more showings from online leads.',
  },
]

// The partners the About page's compact row showed at launch.
const FEATURED_PARTNERS = [
  'AWS Partner Network (APN)',
  'Microsoft Cloud Partner (Azure)',
  'Google Cloud',
  'Twilio',
  'Zapier for Companies',
  'Make (Integromat)',
]

/** The collections as first seeded, in the site's launch words and order; after that they live in the database. */
export const seedCollections: { [C in CollectionName]: CollectionItem<C>[] } = {
  services: services.map(({ points, ...service }) => ({ ...service, points: points.map((point) => ({ text: point })) })),
  industries: industries.map(({ name, slug, summary, image, imageAlt }) => ({
    name,
    slug,
    summary,
    picture: { src: image, alt: imageAlt },
  })),
  faq: faqs.map(({ question, answer }) => ({ question, answer })),
  partners: partners.map(({ name, category, description, logo }) => ({
    name,
    category,
    description,
    logo,
    featured: FEATURED_PARTNERS.includes(name),
  })),
  locations: locations.map(({ city, state, area }) => ({ city, state, details: '', area })),
}
