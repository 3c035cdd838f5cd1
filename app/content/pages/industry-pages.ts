import { bookingLabel } from '~/content/booking'
import { industries } from '~/content/industries'
import type { Industry } from '~/content/types'
import type { BlockSeed, PageSeed } from '~/lib/page-content'

/*
 * Each industry's page at /industries/{slug}, from the industries' own words (app/content/industries.ts),
 * and the template a page for an industry without words of its own is made from.
 */

const EYEBROW = 'Industries We Help'
const BOOKING_BUTTON = bookingLabel
const CHALLENGES_TITLE = 'Sound familiar?'
const SOLUTIONS_TITLE = 'What we set up'

/** Every industry page ends by asking for the call, after the way back to the other industries. */
const closingCall = (id: string): BlockSeed => ({
  id,
  type: 'cta-band',
  data: {
    anchor: 'book-a-call',
    title: 'See what we would set up for you',
    text: 'In one free 30-minute call we go through how your week runs, find the job that costs you the most hours, and tell you what we would set up first. No pressure and no obligation.',
    tone: 'muted',
    style: 'feature',
    buttonLabel: BOOKING_BUTTON,
    buttonAction: 'booking',
  },
})

const closingLink = (id: string): BlockSeed => ({
  id,
  type: 'cta-band',
  data: { tone: 'white', style: 'link', buttonLabel: 'See all industries we help', buttonAction: 'link', buttonLink: '/industries' },
})

function industryPage(industry: Industry): PageSeed {
  const picture = { src: industry.image, alt: industry.imageAlt }
  const id = (part: string) => `${industry.slug}-${part}`
  return {
    path: `/industries/${industry.slug}`,
    name: industry.name,
    template: 'industry',
    content: {
      title: `AI for ${industry.name}`,
      description: industry.intro,
      blocks: [
        {
          id: id('header'),
          type: 'page-header',
          data: {
            eyebrow: EYEBROW,
            title: `AI for ${industry.name}`,
            text: industry.intro,
            bookingButton: BOOKING_BUTTON,
            visual: 'trade',
          },
        },
        {
          id: id('challenges'),
          type: 'split',
          data: {
            anchor: 'challenges',
            title: CHALLENGES_TITLE,
            tone: 'white',
            style: 'plain',
            points: industry.challenges.map((text) => ({ text })),
            picture,
          },
        },
        {
          id: id('solutions'),
          type: 'card-grid',
          data: {
            anchor: 'what-we-set-up',
            title: SOLUTIONS_TITLE,
            tone: 'muted',
            style: 'check-cards',
            columns: '2',
            items: industry.solutions,
          },
        },
        ...(industry.caseStudyId
          ? [
              {
                id: id('story'),
                type: 'case-studies',
                data: {
                  anchor: 'story',
                  title: 'A story from the field',
                  tone: 'white',
                  studies: [industry.caseStudyId],
                  linkTo: 'page',
                  // The page shows its trade's picture; the story's own stays on its page and the list, so none shows more than twice.
                  hidePictures: true,
                },
              } satisfies BlockSeed,
            ]
          : []),
        closingLink(id('all-industries')),
        closingCall(id('book-a-call')),
      ],
    },
  }
}

export const industryPages: PageSeed[] = industries.map(industryPage)

const GENERIC_INTRO =
  '{name} businesses run on phone calls, appointments and follow-ups, and most owners we meet are doing too much of it themselves. We look at where your week goes, then set up AI assistants and simple automations that answer customers quickly, keep your calendar full and take repeat paperwork off your desk.'

/**
 * The page of an industry without a page of its own, `{name}` being its name: the server fills it in
 * for a well-formed address under /industries/ that no page holds, and keeps it from search engines.
 */
export const industryTemplate: PageSeed['content'] = {
  title: 'AI for {name}',
  description: GENERIC_INTRO,
  blocks: [
    {
      id: 'industry-header',
      type: 'page-header',
      data: {
        eyebrow: EYEBROW,
        title: 'AI for {name}',
        text: GENERIC_INTRO,
        bookingButton: BOOKING_BUTTON,
        visual: 'trade',
      },
    },
    {
      id: 'industry-challenges',
      type: 'split',
      data: {
        anchor: 'challenges',
        title: CHALLENGES_TITLE,
        tone: 'white',
        style: 'plain',
        points: [
          { text: 'Calls and messages go unanswered during busy hours or after closing' },
          { text: 'The same information gets typed into several different programs' },
          { text: 'New leads and past customers do not get followed up in time' },
          { text: 'Older computers and systems slow the team down' },
        ],
      },
    },
    {
      id: 'industry-solutions',
      type: 'card-grid',
      data: {
        anchor: 'what-we-set-up',
        title: SOLUTIONS_TITLE,
        tone: 'muted',
        style: 'check-cards',
        columns: '2',
        items: [
          {
            title: 'AI receptionist or chatbot',
            description: 'Answers common questions by phone, text or website chat and books appointments for you.',
          },
          {
            title: 'Workflow automation',
            description: 'Connects your forms, calendar and billing so information is entered once and moves on by itself.',
          },
          {
            title: 'Lead follow-up',
            description: 'New inquiries get a reply within minutes, and past customers get a reminder when they are due again.',
          },
          {
            title: 'IT clean-up',
            description: 'Reliable cloud tools, working backups and sensible security, explained in plain terms.',
          },
        ],
      },
    },
    closingLink('industry-all-industries'),
    closingCall('industry-book-a-call'),
  ],
}
