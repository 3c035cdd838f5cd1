interface RootData {
  siteName: string
}

/** The site's name from the root loader, for titles built in `meta` exports. */
export function siteNameFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined
  return root?.siteName ?? ''
}

export function pageTitle(matches: Parameters<typeof siteNameFrom>[0], title?: string): string {
  const siteName = siteNameFrom(matches)
  return title ? `${title} | ${siteName}` : siteName
}
