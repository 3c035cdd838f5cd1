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
  /** Public path of the illustration, e.g. /illustrations/healthcare.svg */
  image: string
  testimonial: { quote: string; author: string; position: string }
  tags: string[]
}

export interface TeamMemberContent {
  name: string
  role: string
  bio: string
}
