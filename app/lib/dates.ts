const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** 'March 5, 2024': the spec's date format, in US English. */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso))
}
