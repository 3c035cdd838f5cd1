import { request as httpRequest } from 'node:http'
import { crc32, deflateSync } from 'node:zlib'
import fc from 'fast-check'
import { loggedUrl } from '~/server/http/canonical-path.server'

/*
 * Hostile HTTP requests for the property-based test in tests/e2e/fuzz.test.ts: the values, the ways
 * of encoding a form (including the broken ones), and a readable description of each request, which
 * is what fast-check prints for a failing (shrunk) case.
 */

/** Bytes no JavaScript string can carry (invalid or overlong UTF-8), written as %XX escapes. */
export interface RawBytes {
  raw: string
}

export interface Upload {
  filename: string
  type: string
  bytes: Uint8Array
  /** What the file is, for the failure message. */
  label: string
}

export type FieldValue = string | RawBytes | Upload
export type Field = [name: string, value: FieldValue]

/** How a form body is written. Only the first two are what this site's pages send. */
export const ENCODINGS = [
  'urlencoded',
  'multipart',
  'urlencoded, latin-1 charset',
  'urlencoded, UTF-16 charset',
  'urlencoded, chunked',
  'multipart without its closing boundary',
  'multipart with a boundary that is not in the body',
  'multipart without a boundary parameter',
  'json',
  'text/plain',
  'no content type',
] as const
export type Encoding = (typeof ENCODINGS)[number]

export interface FuzzRequest {
  method: string
  /** Path and query, already percent-encoded. */
  path: string
  encoding?: Encoding
  fields?: Field[]
  /** Sent as X-Forwarded-For: the server trusts one proxy, so each request comes from "another" address. */
  forwardedFor?: string
  cookie?: string
}

// ---------------------------------------------------------------------------------------------
// Encoding

/**
 * UTF-8, except that a lone surrogate becomes its own three bytes (WTF-8) instead of U+FFFD: what a
 * careless or hostile client sends, and what TextEncoder and URLSearchParams would have repaired.
 */
export function looseUtf8(text: string): Buffer {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i)
    const next = text.charCodeAt(i + 1)
    if (cp >= 0xd800 && cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00)
      i++
    }
    if (cp < 0x80) bytes.push(cp)
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63))
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
  }
  return Buffer.from(bytes)
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/

/** Percent-encodes every byte but the unreserved ones; lone surrogates go out as raw WTF-8 bytes. */
export function percentEncode(text: string): string {
  let out = ''
  for (const byte of looseUtf8(text)) {
    const char = String.fromCharCode(byte)
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** The bytes a %XX string stands for; anything that is not an escape is taken as it is. */
function unescapeBytes(raw: string): Buffer {
  const bytes: number[] = []
  for (let i = 0; i < raw.length; i++) {
    const hex = raw.slice(i + 1, i + 3)
    if (raw[i] === '%' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(...looseUtf8(raw[i]!))
  }
  return Buffer.from(bytes)
}

const isRaw = (value: FieldValue): value is RawBytes => typeof value === 'object' && 'raw' in value
const isUpload = (value: FieldValue): value is Upload => typeof value === 'object' && 'bytes' in value

/** A value as text where only text fits (URL-encoded, JSON): an upload is sent as its file name, as browsers do. */
const asText = (value: FieldValue) => (typeof value === 'string' ? value : isUpload(value) ? value.filename : value.raw)

function urlEncoded(fields: Field[]): Buffer {
  const part = (value: FieldValue) => (isRaw(value) ? value.raw : percentEncode(asText(value)))
  return Buffer.from(fields.map(([name, value]) => `${percentEncode(name)}=${part(value)}`).join('&'), 'latin1')
}

const BOUNDARY = '----fuzz7MA4YWxkTrZu0gW'

/** Field and file names in a multipart header, escaped the way browsers do (HTML spec). */
const headerName = (name: string) => looseUtf8(name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A'))

function multipart(fields: Field[], closed: boolean): Buffer {
  const chunks: Buffer[] = []
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="`), headerName(name))
    if (isUpload(value)) {
      chunks.push(Buffer.from('"; filename="'), headerName(value.filename), Buffer.from(`"\r\nContent-Type: ${value.type}\r\n\r\n`))
      chunks.push(Buffer.from(value.bytes))
    } else {
      chunks.push(Buffer.from('"\r\n\r\n'), isRaw(value) ? unescapeBytes(value.raw) : looseUtf8(value))
    }
    chunks.push(Buffer.from('\r\n'))
  }
  if (closed) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return Buffer.concat(chunks)
}

/** The body, its Content-Type, and whether it goes without a length (Transfer-Encoding: chunked). */
export function encodeBody(encoding: Encoding, fields: Field[]): { body: Buffer; contentType?: string; chunked?: boolean } {
  switch (encoding) {
    case 'urlencoded':
      return { body: urlEncoded(fields), contentType: 'application/x-www-form-urlencoded' }
    case 'urlencoded, latin-1 charset':
      return { body: urlEncoded(fields), contentType: 'application/x-www-form-urlencoded; charset=ISO-8859-1' }
    case 'urlencoded, UTF-16 charset':
      return { body: urlEncoded(fields), contentType: 'application/x-www-form-urlencoded; charset=UTF-16' }
    case 'urlencoded, chunked':
      return { body: urlEncoded(fields), contentType: 'application/x-www-form-urlencoded', chunked: true }
    case 'multipart':
      return { body: multipart(fields, true), contentType: `multipart/form-data; boundary=${BOUNDARY}` }
    case 'multipart without its closing boundary':
      return { body: multipart(fields, false), contentType: `multipart/form-data; boundary=${BOUNDARY}` }
    case 'multipart with a boundary that is not in the body':
      return { body: multipart(fields, true), contentType: 'multipart/form-data; boundary=not-the-boundary' }
    case 'multipart without a boundary parameter':
      return { body: multipart(fields, true), contentType: 'multipart/form-data' }
    case 'json':
      return {
        body: looseUtf8(JSON.stringify(Object.fromEntries(fields.map(([n, v]) => [n, asText(v)])))),
        contentType: 'application/json',
      }
    case 'text/plain':
      return { body: looseUtf8(fields.map(([n, v]) => `${n}=${asText(v)}\r\n`).join('')), contentType: 'text/plain' }
    case 'no content type':
      return { body: urlEncoded(fields) }
  }
}

// ---------------------------------------------------------------------------------------------
// Sending and describing

export interface Answer {
  status: number
  /** What the server printed while answering: its request line and any stack trace. */
  log: string
}

/**
 * Sends one request on a connection of its own (so an answer can never be blamed on the request
 * before it on a kept-alive connection) and returns its status with the server's log for it. No
 * redirect is followed. A connection closed without an answer counts as status 599.
 */
export async function send(baseUrl: string, request: FuzzRequest, serverOutput: () => string): Promise<Answer> {
  const headers: Record<string, string> = {}
  let body: Buffer | undefined
  if (request.encoding && request.method !== 'GET' && request.method !== 'HEAD') {
    const encoded = encodeBody(request.encoding, request.fields ?? [])
    body = encoded.body
    if (encoded.contentType) headers['Content-Type'] = encoded.contentType
    // Without a Content-Length, Node sends the body chunked.
    if (!encoded.chunked) headers['Content-Length'] = String(body.length)
  }
  if (request.forwardedFor !== undefined) headers['X-Forwarded-For'] = request.forwardedFor
  if (request.cookie !== undefined) headers.Cookie = request.cookie
  const mark = serverOutput().length
  const outcome = await new Promise<{ status: number } | { error: Error }>((resolve) => {
    let status: number | undefined
    const client = httpRequest(`${baseUrl}${request.path}`, { method: request.method, headers, agent: false }, (response) => {
      status = response.statusCode ?? 0
      response.resume()
      response.once('end', () => resolve({ status: status! }))
      response.once('close', () => resolve({ status: status! }))
    })
    // An error once the answer has arrived (the server hanging up on the rest of a refused upload) is fine.
    client.once('error', (error) => resolve(status === undefined ? { error } : { status }))
    if (body) client.write(body)
    client.end()
  })
  // The request line is logged once the answer is finished; give the log a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 5))
  if ('status' in outcome) return { status: outcome.status, log: serverOutput().slice(mark) }
  // A refusal sent before the body was read (413, 405) may close the connection while the body is
  // still being written, so the client sees EPIPE instead of the answer: the server's log has it.
  const logged = await loggedStatus(request, () => serverOutput().slice(mark))
  const log = serverOutput().slice(mark)
  return logged ? { status: logged, log } : { status: 599, log: `client: ${outcome.error.message}\n${log}` }
}

async function loggedStatus(request: FuzzRequest, log: () => string): Promise<number | undefined> {
  // As the server spells it in its request line: a link's token replaced (a reset link's, an invitation's).
  const url = loggedUrl(request.path)
  for (let waited = 0; waited < 500; waited += 25) {
    const match = requestLines(log()).find((line) => line.method === request.method && line.url === url)
    if (match) return match.status
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return undefined
}

/** The server's request lines among what it printed (one JSON object a line). */
function requestLines(log: string): { method: string; url: string; status: number }[] {
  return log
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"event":"request"'))
    .map((line) => JSON.parse(line) as { method: string; url: string; status: number })
}

const PREVIEW = 60

export function preview(value: FieldValue): string {
  if (isRaw(value)) return `raw bytes ${value.raw.slice(0, PREVIEW)}`
  if (isUpload(value))
    return `file ${JSON.stringify(value.filename.slice(0, PREVIEW))} (${value.type || 'no type'}, ${value.bytes.length} bytes: ${value.label})`
  return value.length > PREVIEW ? `${JSON.stringify(value.slice(0, PREVIEW))}… (${value.length} chars)` : JSON.stringify(value)
}

/** Method, path, headers that matter and a short preview of each field: what a reproduction needs. */
export function describeRequest(request: FuzzRequest): string {
  const path = request.path.length > 300 ? `${request.path.slice(0, 300)}… (${request.path.length} chars)` : request.path
  const lines = [`${request.method} ${path}${request.encoding && request.method !== 'GET' ? ` [${request.encoding}]` : ''}`]
  if (request.forwardedFor !== undefined) lines.push(`  X-Forwarded-For: ${preview(request.forwardedFor)}`)
  if (request.cookie !== undefined)
    lines.push(
      `  Cookie: ${request.cookie.startsWith('session=') && request.cookie.length < 80 ? 'the admin session' : preview(request.cookie)}`,
    )
  for (const [name, value] of request.fields ?? []) lines.push(`  ${preview(name)} = ${preview(value)}`)
  return lines.join('\n')
}

/** Makes fast-check print a request as describeRequest does, instead of a wall of JSON. */
export function described(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) })
}

// ---------------------------------------------------------------------------------------------
// Values

/** Strings worth trying in every field: empty, NUL, lone surrogates, direction marks, numbers, injections, tricky letters. */
const NASTY = [
  '',
  ' ',
  '   \t\n  ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFF',
  '\uFFFD',
  '\uFEFF',
  '\u202Eevil',
  '\u200B\u200D',
  '\r\n',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0',
  '-1',
  '1.5',
  '1e21',
  '1e308',
  '-1e308',
  '9007199254740993',
  '99999999999999999999999',
  '0x10',
  '٣',
  "' OR '1'='1",
  "'); DROP TABLE blog_posts; --",
  '%',
  '%00',
  '%ED%A0%80',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  // Letters that slugify keeps but the slug pattern refuses (modifier letters, uppercase without a
  // lowercase form), and ones NFKC normalisation turns into many characters.
  'ー',
  'ϒ',
  'ﷺ',
  'ǅ',
  'İ',
  'ß',
  'Ⅻ',
  '😀',
  'e\u0301',
  '9999',
  '10000',
]

/** Dates a datetime-local input never sends, around the edges of what Date can hold. */
const ODD_DATES = [
  '10000-01-01T00:00',
  '+275760-09-13T00:00',
  '+275760-09-14T00:00',
  '-271821-04-20T00:00',
  '0000-01-01T00:00',
  '1969-12-31T23:59',
  '1999-12-31T23:59',
  '2000-01-01T00:00',
  '2100-12-31T23:59',
  '2101-01-01T00:00',
  '9999-12-31T23:59',
  '2024-02-30T10:00',
  '2024-13-01T00:00',
  '2024-01-01T25:00',
  '2024-01-01',
  '2024-01-01T00:00:00.000Z',
  '2024-01-01T00:00+05:00',
  '2024-01-01T00:00Z',
  'now',
]

/** Bytes that are not UTF-8: a surrogate's encoding, stray bytes, an overlong NUL, a cut sequence, past U+10FFFF. */
export const rawBytes: fc.Arbitrary<RawBytes> = fc.oneof(
  fc.constantFrom('%ED%A0%80', '%FF', '%C0%80', '%E2%82', '%F4%90%80%80', 'a%FEb', '%', '%zz', '%0').map((raw) => ({ raw })),
  fc
    .uint8Array({ minLength: 1, maxLength: 12 })
    .map((bytes) => ({ raw: [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('') })),
)

/** Dates and times a datetime-local input never sends: five-digit and signed years, year 0, impossible days. */
export const dateText = fc.oneof(
  fc.constantFrom(...ODD_DATES),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().replace(/:\d\d\.\d{3}Z$/, '')),
  fc.integer({ min: -300_000, max: 300_000 }).map((year) => `${year}-01-01T00:00`),
)

/** Numbers as text: huge, negative, fractional, past what a double holds exactly. */
export const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(2n ** 100n), max: 2n ** 100n }).map(String),
)

const controlText = fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 8 })

/** Exactly at and just past the limits the schemas declare, with whitespace that trimming removes. */
const lengthEdges = fc
  .record({
    length: fc.constantFrom(
      40,
      41,
      50,
      51,
      60,
      61,
      100,
      101,
      200,
      201,
      254,
      255,
      256,
      257,
      300,
      301,
      500,
      501,
      1000,
      1001,
      2000,
      2001,
      3000,
      3001,
      5000,
      5001,
    ),
    char: fc.constantFrom('a', 'é', '😀', 'ー', 'ﷺ'),
    padded: fc.boolean(),
  })
  .map(({ length, char, padded }) => {
    const text = char.repeat(length).slice(0, length)
    return padded ? `  ${text}\n` : text
  })

/** Short hostile text: for fields, query parameters, path segments and headers alike. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { weight: 5, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: dateText },
  { weight: 2, arbitrary: numberText },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: controlText },
  { weight: 1, arbitrary: lengthEdges },
)

/** Text that does not compress, so a database cannot shrink it into an index entry. */
function noisyText(length: number, seed: number): string {
  let state = seed >>> 0 || 1
  let text = ''
  while (text.length < length) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    text += String.fromCharCode(0x21 + (state % 94))
  }
  return text
}

/** Up to ~90 KB (under the 100 KB form limit when ASCII), and a few just over it: a 413 is a fine answer. */
export const hugeText: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({ length: fc.integer({ min: 1_000, max: 90_000 }), unit: fc.constantFrom('a', 'é', '😀', ' ', '\n', 'ab-', '\u0000') })
    .map(({ length, unit }) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
  fc.record({ length: fc.integer({ min: 1_000, max: 90_000 }), seed: fc.integer() }).map(({ length, seed }) => noisyText(length, seed)),
  fc.integer({ min: 100_000, max: 110_000 }).map((length) => 'a'.repeat(length)),
)

/** What a hostile client may put in any form field; uploads only mean something in multipart bodies. */
export function hostileValue(uploads: fc.Arbitrary<Upload>): fc.Arbitrary<FieldValue> {
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 12, arbitrary: hostileText },
    { weight: 2, arbitrary: hugeText },
    { weight: 2, arbitrary: rawBytes },
    { weight: 1, arbitrary: uploads },
  )
}

export const hostileName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'intent',
    'id',
    '__proto__',
    'constructor',
    'tags[]',
    'a[b]',
    'name\u0000',
    '\uD800',
    '"',
    'a\r\nb',
    'index',
    '_routes',
  ),
  hostileText,
)

/** A path segment: generated text percent-encoded as a browser would, or escapes a browser never makes. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileText.map(percentEncode) },
  { weight: 1, arbitrary: rawBytes.map((r) => r.raw) },
  { weight: 1, arbitrary: fc.constantFrom('%2F', '%2e%2e', '%25', 'new', '%0A', ';', 'a%2Fb', '%E2%80%AE', 'x'.repeat(8_000)) },
)

/** A query string from the route's own parameter names, unknown ones, and hostile values in both encodings. */
export function hostileQuery(names: string[], plausible: fc.Arbitrary<string> = fc.constant('1')): fc.Arbitrary<string> {
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: hostileName })
  const value = fc.oneof(plausible.map(percentEncode), hostileSegment)
  return fc
    .array(fc.tuple(name, value), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([n, v]) => `${percentEncode(n)}=${v}`).join('&')}` : ''))
}

/** A header value Node will send (no NUL, CR or LF, nothing past Latin-1): printable text, sometimes long. */
export const hostileHeader: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({
      unit: fc
        .integer({ min: 0x20, max: 0xff })
        .filter((c) => c !== 0x7f)
        .map((c) => String.fromCharCode(c)),
      maxLength: 200,
    }),
    fc.record({ length: fc.integer({ min: 1_000, max: 6_000 }), seed: fc.integer() }).map(({ length, seed }) => noisyText(length, seed)),
  )
  .map((text) => text.trim())

// ---------------------------------------------------------------------------------------------
// Files

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const PNG_SIGNATURE = TINY_PNG.subarray(0, 8)

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A PNG that says it is 30,000 × 30,000 pixels: a few hundred bytes that would decode to 2.7 GB. */
function pixelBomb(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(30_000, 0)
  header.writeUInt32BE(30_000, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(90_001))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

const upload = (filename: string, type: string, bytes: Uint8Array, label: string): Upload => ({ filename, type, bytes, label })

/** An image the server accepts: the plausible value of a file field. */
export const validImage = upload('cover.png', 'image/png', TINY_PNG, 'a valid 1×1 PNG')
/** An empty file input: browsers send it as a nameless, empty file. */
export const noFile = upload('', 'application/octet-stream', new Uint8Array(0), 'no file chosen')

/** Files that claim to be images and are not, or are and should still be refused. */
const NOT_IMAGES = [
  upload('bomb.png', 'image/png', pixelBomb(), 'a 30,000 × 30,000 PNG header'),
  upload('cut.png', 'image/png', TINY_PNG.subarray(0, 40), 'a PNG cut short'),
  upload('magic.png', 'image/png', Buffer.concat([PNG_SIGNATURE, Buffer.from('not really an image')]), 'PNG magic then text'),
  upload('x.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'an SVG with a script'),
  upload('page.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>'), 'HTML named .png'),
  upload('empty.png', 'image/png', new Uint8Array(0), 'an empty file with a name'),
]

/** Around the 5 MB image limit and the 6 MB upload limit: a refusal or a 413, never a crash. */
const largeUpload = fc.integer({ min: 5 * 1024 * 1024 - 100, max: 6 * 1024 * 1024 + 100 }).map((size) => {
  const bytes = Buffer.alloc(size)
  TINY_PNG.copy(bytes)
  return upload('large.png', 'image/png', bytes, `${size} bytes starting like a PNG`)
})

export const hostileUpload: fc.Arbitrary<Upload> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...NOT_IMAGES) },
  {
    weight: 2,
    arbitrary: fc
      .record({ name: hostileText, bytes: fc.uint8Array({ maxLength: 2_000 }) })
      .map(({ name, bytes }) => upload(name, 'application/octet-stream', bytes, 'random bytes')),
  },
  { weight: 1, arbitrary: hostileText.map((name) => upload(name, 'image/png', TINY_PNG, 'a valid PNG under a hostile name')) },
  { weight: 1, arbitrary: largeUpload },
)
