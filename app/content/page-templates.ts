import { bookingLabel } from '~/content/booking'
import type { PageSeed } from '~/lib/page-content'

/*
 * What a new page starts from under Pages → New Page: its blocks with words that say what belongs
 * in them, for the owner to write over before publishing. A new page is a draft, so none of these
 * words reach visitors unchanged unless someone publishes them.
 */

export type NewPageTemplate = Exclude<PageSeed['template'], 'page'>

type TemplateContent = PageSeed['content']

const blank: TemplateContent = {
  description: 'A sentence or two on what this page offers, for search results and share cards.',
  blocks: [
    { id: 'header', type: 'page-header', data: { title: 'The page’s title', text: 'A sentence that says what this page is about.' } },
  ],
}

const service: TemplateContent = {
  description: 'What this service does for a small business, in a sentence or two, for search results and share cards.',
  blocks: [
    {
      id: 'header',
      type: 'page-header',
      data: {
        eyebrow: 'Services',
        title: 'The service’s name',
        text: 'What it takes off a small business’s plate, in a sentence.',
        bookingButton: bookingLabel,
      },
    },
    {
      id: 'what-it-is',
      type: 'split',
      data: {
        anchor: 'what-it-is',
        title: 'What it is',
        text: 'How the service works, in plain words a business owner would use.',
        note: 'An example from a client’s week.',
        tone: 'white',
        points: [{ text: 'What it does first' }, { text: 'What it does next' }, { text: 'What the team no longer has to do' }],
      },
    },
    {
      id: 'what-you-get',
      type: 'card-grid',
      data: {
        anchor: 'what-you-get',
        title: 'What you get',
        tone: 'muted',
        style: 'check-cards',
        columns: '3',
        items: [
          { title: 'A first benefit', description: 'What it means for the business.' },
          { title: 'A second benefit', description: 'What it means for the business.' },
          { title: 'A third benefit', description: 'What it means for the business.' },
        ],
      },
    },
    {
      id: 'questions',
      type: 'faq',
      data: {
        anchor: 'questions',
        title: 'Questions owners ask',
        tone: 'white',
        closing: 'Still wondering about something?',
        closingLinkLabel: 'Ask us directly',
        closingLink: '/contact',
      },
    },
    {
      id: 'next-step',
      type: 'cta-band',
      data: {
        title: 'See what it would do for you',
        text: 'In a free 30-minute strategy session we look at your week and show you where this service would save time.',
        tone: 'dark',
        buttonLabel: bookingLabel,
        buttonAction: 'booking',
      },
    },
  ],
}

const industry: TemplateContent = {
  description: 'How AI helps businesses in this industry, in a sentence or two, for search results and share cards.',
  blocks: [
    {
      id: 'header',
      type: 'page-header',
      data: {
        eyebrow: 'Industries We Help',
        title: 'AI for the industry',
        text: 'What businesses in this industry spend their days on, and what AI takes off their plate.',
        bookingButton: bookingLabel,
        visual: 'trade',
      },
    },
    {
      id: 'challenges',
      type: 'split',
      data: {
        anchor: 'challenges',
        title: 'Sound familiar?',
        tone: 'white',
        points: [{ text: 'A problem owners in this industry know' }, { text: 'Another one' }, { text: 'And a third' }],
      },
    },
    {
      id: 'what-we-set-up',
      type: 'card-grid',
      data: {
        anchor: 'what-we-set-up',
        title: 'What we set up',
        tone: 'muted',
        style: 'check-cards',
        columns: '2',
        items: [
          { title: 'A first solution', description: 'What it does, and what it saves.' },
          { title: 'A second solution', description: 'What it does, and what it saves.' },
        ],
      },
    },
    {
      id: 'story',
      type: 'case-studies',
      data: { anchor: 'story', title: 'A story from the field', tone: 'white', industry: 'The industry’s name, as case studies give it' },
    },
    {
      id: 'all-industries',
      type: 'cta-band',
      data: { tone: 'white', style: 'link', buttonLabel: 'See all industries we help', buttonAction: 'link', buttonLink: '/industries' },
    },
  ],
}

const campaign: TemplateContent = {
  description: 'The offer of this campaign, in a sentence or two, for share cards.',
  search: { hidden: true },
  blocks: [
    {
      id: 'header',
      type: 'page-header',
      data: {
        eyebrow: 'The campaign’s audience',
        title: 'The offer, in one line',
        text: 'Why it matters to them now, in a sentence or two.',
        bookingButton: bookingLabel,
      },
    },
    {
      id: 'results',
      type: 'figures',
      data: {
        anchor: 'results',
        title: 'What clients measured',
        tone: 'muted',
        items: [
          { client: 'A client', result: 'A result they measured', color: 'blue' },
          { client: 'Another client', result: 'Another result', color: 'teal' },
          { client: 'A third client', result: 'A third result', color: 'violet' },
        ],
      },
    },
    { id: 'testimonials', type: 'testimonials', data: { title: 'What clients say', tone: 'white', page: 'home', columns: '3' } },
    {
      id: 'contact',
      type: 'contact-form',
      data: {
        tone: 'muted',
        formTitle: 'Send us a message',
        bookingTitle: 'Book a Strategy Session',
        bookingText:
          'In 30 minutes we look at your calls, leads and paperwork and show you where AI can help most. Free, with no obligation.',
        bookingButton: 'Open Scheduler',
        emailTitle: 'Prefer email?',
      },
    },
    {
      id: 'next-step',
      type: 'cta-band',
      data: {
        title: 'Ready when you are',
        text: 'A free 30-minute strategy session, with no pressure and no obligation.',
        tone: 'dark',
        buttonLabel: bookingLabel,
        buttonAction: 'booking',
      },
    },
  ],
}

/** The content of a new page from each template, by its name in the New Page form. */
export const PAGE_TEMPLATE_CONTENT: Record<NewPageTemplate, TemplateContent> = { blank, service, industry, campaign }

/** How the New Page form names each template. */
export const PAGE_TEMPLATE_LABELS: Record<NewPageTemplate, string> = {
  blank: 'Blank page',
  service: 'Service page',
  industry: 'Industry page',
  campaign: 'Campaign landing page',
}
