// XML 1.0 forbids most control characters outright; a stray one pasted into a post would make
// the whole feed unreadable, so they are dropped rather than escaped.
const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text made safe for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}
