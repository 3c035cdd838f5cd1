/**
 * A browser's User-Agent as a person reads it ("Firefox on Windows"), for the list of an admin's
 * sessions. Only the common browsers and systems are named; the point is recognising one's own
 * devices, not identifying every client.
 */
const browsers: Array<[pattern: RegExp, name: string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const systems: Array<[pattern: RegExp, name: string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]

const nameIn = (list: Array<[RegExp, string]>, userAgent: string) => list.find(([pattern]) => pattern.test(userAgent))?.[1]

export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const browser = nameIn(browsers, userAgent)
  const system = nameIn(systems, userAgent)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'Unknown browser'
}
