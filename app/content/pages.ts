import { bookingLabel } from '~/content/booking'
import type { BlockData } from '~/lib/blocks/catalog'
import { blogIntro } from './blog'

/**
 * The pages that list records (the case studies, the blog) as search results and share cards show
 * them by default: each page's name in the back office, its own title (before "| site name") and its
 * summary. Settings → Search and sharing can replace them per page. Every other page is built from
 * blocks under Pages, and carries its search fields in its editor.
 */
export interface MarketingPage {
  path: string
  name: string
  title?: string
  description: string
}

export const marketingPages: MarketingPage[] = [
  {
    path: '/case-studies',
    name: 'Case Studies',
    title: 'Case Studies',
    description: 'How clinics, contractors, shops and agencies use AI receptionists, chatbots and automation, with the results.',
  },
  { path: '/resources/blog', name: 'Blog', title: blogIntro.title, description: blogIntro.description },
]

/** The closing bands of the pages that show records (the case studies, the blog, a post): they end by asking for the call too. */
export const caseStudiesClosing: BlockData<'cta-band'> = {
  anchor: 'book-a-call',
  title: 'Want results like these?',
  text: 'Every story here started with a 30-minute call about one stubborn problem. Bring yours, and we will tell you straight whether we can help.',
  tone: 'white',
  style: 'feature',
  buttonLabel: bookingLabel,
  buttonAction: 'booking',
  buttonLink: '',
}

export const blogClosing: BlockData<'cta-band'> = {
  anchor: 'book-a-call',
  title: 'Rather talk it through than read about it?',
  text: 'Bring the job that eats your week to one free call. We will tell you plainly whether a tool can take it on, and roughly what that would cost.',
  tone: 'white',
  style: 'feature',
  buttonLabel: bookingLabel,
  buttonAction: 'booking',
  buttonLink: '',
}

export const postClosing: BlockData<'cta-band'> = {
  anchor: 'book-a-call',
  title: 'Wondering how this would work in your business?',
  text: 'Tell us how you work today. We will say honestly what we would try first, even if the answer is that AI is not the right fit yet.',
  tone: 'white',
  style: 'feature',
  buttonLabel: bookingLabel,
  buttonAction: 'booking',
  buttonLink: '',
}
