/** The address of a case study's own page. */
export const caseStudyHref = (slug: string) => `/case-studies/${slug}`

/** Its card on the list page, opened and scrolled to (the spec's links from the home page). */
export const caseStudyCardHref = (id: string) => `/case-studies#${id}`
