import type { PageSeed } from '~/lib/page-content'

/** A page for each industry, at /industries/{slug}. */
export const industryPages: PageSeed[] = []
