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

/** The case studies list's closing band: a record list, not a page of blocks, ends by asking for the call too. */
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
