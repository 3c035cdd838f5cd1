/** A plausible industry slug: lowercase words joined by single hyphens, at most 60 characters. */
export function isIndustrySlug(slug: string): boolean {
  return slug.length <= 60 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)
}

/** 'dental-offices' -> 'Dental Offices': the title of a page for an industry we have no copy for. */
export function industryNameFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}
