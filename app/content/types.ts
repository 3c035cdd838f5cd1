/** A client story shown on the Case Studies page and the home page; seeded into the database. */
export interface CaseStudy {
  id: string
  title: string
  client: string
  industry: string
  briefDesc: string
  challenge: string
  solution: string
  results: string[]
  /** One of our media URLs, or a static illustration such as /illustrations/healthcare.svg. */
  imageUrl: string
  testimonial: { quote: string; author: string; position: string }
  tags: string[]
  /** One result as a figure and what it measures ("30 → 4", "missed calls a week"), shown large. */
  headline: CaseStudyHeadline | null
}

export interface CaseStudyHeadline {
  figure: string
  label: string
}

export interface TeamMemberContent {
  name: string
  role: string
  bio: string
}

/** A link inside a navigation dropdown or footer column. */
export interface NavLinkItem {
  title: string
  href: string
}

/** A top-level navigation entry; its sections become the dropdown on desktop. */
export interface NavItem {
  label: string
  path: string
  sections: { title: string; items: NavLinkItem[] }[]
}

/** Icons and accents are named from the design's fixed sets, so content never imports components. */
export type { Accent, IconName } from '~/lib/blocks/palette'
import type { Accent, IconName } from '~/lib/blocks/palette'

export interface Service {
  title: string
  description: string
  color: Accent
  icon?: IconName
}

/** What a testimonial card shows; the back office edits them (the ones here are the fallback). */
export interface Testimonial {
  quote: string
  name: string
  /** The person's job title. */
  title: string | null
  company: string | null
  stars: number
}

export interface Location {
  city: string
  state: string
  /** Where the team there works, shown while the office has no street address to give. */
  area: string
}

export interface FaqItem {
  question: string
  answer: string
}

/** One of the six industries with a page of its own at /industries/{slug}. */
export interface Industry {
  slug: 'hvac' | 'doggy-daycare' | 'real-estate' | 'barber-shops' | 'property-management' | 'lawn-care' | 'healthcare' | 'legal'
  name: string
  /** One sentence for the card on /industries. */
  summary: string
  /** Path of the illustration in public/illustrations. */
  image: string
  /** What the illustration shows, for people who cannot see it. */
  imageAlt: string
  /** Page intro paragraph. */
  intro: string
  /** Everyday problems of this kind of business, 3-4 short items. */
  challenges: string[]
  /** What we set up for them, 3-4 items with a title and one sentence. */
  solutions: { title: string; description: string }[]
  /** Id of the related case study, if any. */
  caseStudyId?: string
}

export interface Partner {
  name: string
  category: 'AI Automations' | 'AI Agents' | 'Infrastructure Modernization'
  description: string
  /** Public path of the partner's mark, e.g. /partners/zapier.svg */
  logo: string
}
