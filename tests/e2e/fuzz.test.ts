import fc from 'fast-check'
import type { ZodType } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { industries } from '~/content/industries'
import { authorSchema } from '~/lib/author-schema'
import { postHref } from '~/lib/blog-links'
import { caseStudySchema } from '~/lib/case-study-schema'
import { postSchema } from '~/lib/post-schema'
import { contactSchema, playbookSchema } from '~/lib/schemas'
import { SLUG_PATTERN } from '~/lib/slugify'
import { siteSettingsSchema } from '~/lib/settings-schema'
import { teamMemberSchema } from '~/lib/team-member-schema'
import { isRole, roles } from '~/lib/admin-access'
import { leadKinds, leadStatuses } from '~/lib/leads'
import { inviteSchema } from '~/lib/people-schema'
import { marketingPages } from '~/content/pages'
import { redirectSchemaFor } from '~/lib/redirect-schema'
import { testimonialSchema } from '~/lib/testimonial-schema'
import { openDatabase } from '~/server/db/connection.server'
import type { Db } from '~/server/db/schema.server'
import { insertPasswordReset } from '~/server/repositories/password-resets.server'
import { settingKeys, twoFactorRequiredKey } from '~/server/repositories/settings.server'
import { hashToken, newToken } from '~/server/services/tokens.server'
import { BLOCKS, BLOCK_TYPES, type BlockType } from '~/lib/blocks/catalog'
import { type Field as DocumentField, type Fields as DocumentFields } from '~/lib/blocks/fields'
import {
  COLLECTIONS,
  COLLECTION_NAMES,
  type CollectionDefinition,
  type CollectionName,
  isCollectionName,
  itemSchema,
  slugProblem,
} from '~/lib/collections'
import { mediaUrl } from '~/lib/images'
import { NAVIGATION_FIELDS, navigationSchema } from '~/lib/navigation'
import { pageContentSchema } from '~/lib/page-content'
import { visibleContent } from '~/server/repositories/pages.server'
import { NAVIGATION_KEY } from '~/server/services/navigation.server'
import { pathProblem } from '~/server/services/pages.server'
import { createTestAuthor, createTestPost } from '../support/blog'
import { createTestDatabase, testDialects } from '../support/databases'
import {
  ENCODINGS,
  dateText,
  described,
  describeRequest,
  hostileHeader,
  hostileName,
  hostileQuery,
  hostileSegment,
  hostileText,
  hugeText,
  hostileUpload,
  hostileValue,
  noFile,
  numberText,
  preview,
  send,
  validImage,
  type Field,
  type FieldValue,
  type FuzzRequest,
} from '../support/fuzz-requests'
import { postForm } from '../support/http'
import { createAdmin, startServer, withServerDb, type RunningServer } from '../support/server'
import { ADMIN } from '../support/site'
import { mailedToken, useSmtpServer } from '../support/smtp'
import { giveTwoFactor, passwordStepOverHttp } from '../support/two-factor'

/*
 * Property-based fuzzing of the real production server, on each engine: every form action and every
 * query or path parameter gets generated hostile values (see tests/support/fuzz-requests.ts), and
 *   (a) no answer may be a 5xx (nor a dropped connection), and
 *   (b) afterwards nothing stored is corrupted: every row is one its own editor would accept when
 *       saved again unchanged, holds no NUL or U+FFFD, has sane timestamps, and every page that
 *       shows stored content still renders.
 * A third of the form posts are what the page's form would send, with generated but plausible values
 * (any language, odd letters), so they reach the database; the rest tamper with one to three fields
 * (a hostile value, left out, repeated) and may add unknown ones. Bodies come in every encoding,
 * proper or broken, now and then as React Router data requests (`.data`) or with another method.
 *
 * A failure shows the smallest request fast-check could shrink it to, method, path, encoding and a
 * preview of each field, with what the server printed for it (the stack trace). FUZZ_SEED=<seed
 * from the report> replays a run; FUZZ_RUNS=<n> runs deeper than the default.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 40)
/**
 * One fixed seed by default, so `npm test` asks the same questions on every machine and a failure in
 * CI replays at home. FUZZ_SEED=random explores new cases (each report prints its seed).
 */
const SEED = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 20261123)
/** A property that found a 5xx stops shrinking it after this long and reports the smallest case so far. */
const TIME_LIMIT_MS = 10_000

/** Records the fuzzing works with: ones it may edit, and seeded ones the list actions may delete. */
interface Fixtures {
  cookie: string
  /** The Cookie header of a second sign-in step waiting for its code, made afresh as each one expires. */
  pendingSignIn: () => Promise<string | undefined>
  editable: { post: string; author: string; member: string; study: string; testimonial: string; redirect: string; page: string }
  seeded: { posts: string[]; authors: string[]; members: string[]; studies: string[]; testimonials: string[]; redirects: string[] }
  inquiries: string[]
  notifications: string[]
  slugs: string[]
  tags: string[]
  mediaPaths: string[]
  /** The media library's handles on uploaded images (not the playbook PDF). */
  mediaIds: string[]
  /** The editable page's path as created, and its revisions (the history screen restores them). */
  page: { path: string; revisions: string[] }
  /** Per collection: the item the fuzzing edits, and the others, which it may delete. */
  collections: Record<CollectionName, { editable: string; seeded: string[] }>
  /** Every case study's id, for the blocks that list chosen ones. */
  studies: string[]
  /** Addresses of uploaded images, for the documents' pictures. */
  pictures: string[]
  /** Reset links of an admin the fuzzing may reset (RESET_TARGET); the first reset spends them all. */
  resetTokens: string[]
  /** Admins the People screen may change or remove (never the ones the fuzzing signs in as), and open invitations. */
  people: { admins: string[]; invitations: string[]; tokens: string[] }
}

// ---------------------------------------------------------------------------------------------
// What each form sends

type Plausible = fc.Arbitrary<FieldValue | FieldValue[]>

/** Short text anyone might type: any language, including letters that slugs and search fold in odd ways. */
const phrase = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom('Hello world', 'Automating the front desk', 'Größe zählt', 'ラーメン屋のAI活用', 'İstanbul', 'ﷺ'.repeat(12)),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
)
const paragraph = fc.oneof(phrase, fc.lorem({ maxCount: 8, mode: 'sentences' }))
const optionalPhrase = fc.oneof(fc.constant(''), phrase)
const email = fc.emailAddress()
// What a lead form carries beside its text: the time trap's ticket, the privacy wording's version, and the playbook's ROI inputs.
const leadEvidence = {
  ticket: fc.constantFrom('', 'not-a-ticket', '1.2.3'),
  consentVersion: fc.constantFrom('', '2026-11-23', 'v0'),
  visit: fc.constantFrom(
    '',
    '{"landing":"/solutions?utm_source=x&utm_campaign=y","referrer":"https://news.example/a"}',
    '{"landing":"/","referrer":""}',
  ),
  formPage: fc.constantFrom('', '/contact', '/resources/ai-playbook?utm_source=x'),
}
const amount = (max: number) => fc.integer({ min: 0, max }).map(String)
const leadStatus = fc.constantFrom(...leadStatuses, 'archived')
const inboxQueryValue = fc.oneof(fc.constantFrom(...leadStatuses, ...leadKinds, '2026-11-23', '2026-02-30'), phrase)
const roiInputs = { roiMissedCalls: amount(1_000), roiBookingRate: amount(100), roiJobValue: amount(100_000), roiAdminHours: amount(500) }
const httpsUrl = fc.webUrl({ validSchemes: ['https'] })
const lines = (item: fc.Arbitrary<string>, maxLength: number) =>
  fc.array(item, { minLength: 1, maxLength }).map((items) => items.join('\n'))
/**
 * A datetime-local value as the post editor's input sends it (empty, the first or last minute of the
 * years it accepts, or any moment between), and now and then one it never sends, which must be
 * refused, not stored or crashed on, even when every other field is fine.
 */
const publishAt = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('', '2000-01-01T00:00', '2100-12-31T23:59') },
  {
    weight: 2,
    arbitrary: fc
      .date({ min: new Date('2000-01-02T00:00Z'), max: new Date('2099-12-30T00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 16)),
  },
  { weight: 1, arbitrary: dateText },
)
/** A number as a form sends it, or now and then one no form sends. */
const wholeNumber = (min: number, max: number) =>
  fc.oneof({ weight: 3, arbitrary: fc.integer({ min, max }).map(String) }, { weight: 1, arbitrary: numberText })
const image = fc.constantFrom(noFile, validImage)
/** A new admin's password: long enough, or not. */
const invitedPassword = fc.oneof(fc.constant('a-long-invited-password'), phrase)
/** A code as an authenticator app shows it (not the right one: that changes every 30 seconds). */
const sixDigits = fc.stringMatching(/^\d{6}$/)
/** A recovery code as shown (`7k2m-9xqp-4h`), or typed without dashes. */
const recoveryCode = fc.stringMatching(/^[0-9a-hjkmnp-tv-z]{4}-?[0-9a-hjkmnp-tv-z]{4}-?[0-9a-hjkmnp-tv-z]{2}$/)

/**
 * Stands for the version (updated_at) the page shows for the record a form edits: read from the
 * database as the request is sent, since every save changes it. Now and then an old version instead.
 */
const CURRENT_VERSION = '<current version>'
const version = fc.oneof(
  { weight: 4, arbitrary: fc.constant(CURRENT_VERSION) },
  { weight: 1, arbitrary: fc.constant('2001-01-01T00:00:00.000Z') },
)
/** An editor's fields, plus the version field the edit screen sends. */
const withVersion = (fields: Record<string, Plausible>) => ({ ...fields, version })

/** A list row's id: a seeded record (these may go), or one that never existed. */
const rowId = (ids: string[]) => fc.constantFrom(...ids, 'no-such-id')
const deleteFields = (ids: string[]) => ({ intent: fc.constant('delete'), id: rowId(ids), version })

/** A path segment: mostly a real id, sometimes a hostile one. */
const segment = (ids: string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids).map(encodeURIComponent) }, { weight: 1, arbitrary: hostileSegment })

const postFields = (fx: Fixtures): Record<string, Plausible> => ({
  title: phrase,
  slug: fc.oneof(fc.constant(''), fc.stringMatching(/^[a-z0-9]{1,10}(?:-[a-z0-9]{1,10}){0,3}$/)),
  content: paragraph,
  excerpt: optionalPhrase,
  authorId: fc.constantFrom(fx.editable.author, ...fx.seeded.authors),
  tags: fc.array(fc.oneof(fc.constantFrom(...fx.tags), phrase), { maxLength: 4 }),
  tagDraft: optionalPhrase,
  published: fc.constantFrom('on', ''),
  publishAt,
  timeZone: fc.constantFrom('America/Chicago', 'UTC', 'Pacific/Kiritimati', 'Etc/GMT+12', 'Mars/Olympus_Mons', ''),
  featuredImage: image,
  ...imageText,
})
/** An image's alt text, typed or not, and the decorative tick, ticked or not. */
const imageText: Record<string, Plausible> = { imageAlt: optionalPhrase, imageDecorative: fc.constantFrom<FieldValue[]>([], ['on']) }
const authorFields: Record<string, Plausible> = { name: phrase, email, bio: optionalPhrase, avatar: image, ...imageText }
const memberFields: Record<string, Plausible> = { name: phrase, role: phrase, bio: optionalPhrase, avatar: image, ...imageText }
const testimonialFields: Record<string, Plausible> = {
  quote: paragraph,
  name: phrase,
  title: optionalPhrase,
  company: optionalPhrase,
  stars: wholeNumber(1, 5),
  reviewUrl: fc.oneof(fc.constant(''), httpsUrl, phrase),
  position: fc.oneof(fc.constant(''), wholeNumber(0, 9999)),
  showOnHome: fc.constantFrom<FieldValue[]>([], ['on']),
  showOnAbout: fc.constantFrom<FieldValue[]>([], ['on']),
}
/** A path someone would redirect (or a hostile one), and a target on the site, elsewhere, or neither. */
const redirectFields: Record<string, Plausible> = {
  fromPath: fc.oneof(
    fc.constantFrom('/old-page', '/about', '/resources/blog/old', '/admin/blog', '/'),
    phrase.map((p) => `/${p}`),
    hostileText,
  ),
  toTarget: fc.oneof(fc.constantFrom('/about', '/old-page', '/contact?from=old#form', '//evil.example'), httpsUrl, phrase),
  status: fc.constantFrom('301', '302', '307', ''),
}
const studyFields: Record<string, Plausible> = {
  title: phrase,
  client: phrase,
  industry: fc.oneof(fc.constantFrom('Healthcare', 'Retail', 'Legal'), phrase),
  briefDesc: phrase,
  challenge: paragraph,
  solution: paragraph,
  results: lines(phrase, 4),
  tags: lines(fc.stringMatching(/^[a-z]{1,12}$/), 4),
  testimonialQuote: paragraph,
  testimonialAuthor: phrase,
  testimonialPosition: phrase,
  headlineFigure: fc.oneof(fc.constant(''), fc.constantFrom('30 → 4', '+18%', '7 in 10')),
  headlineLabel: fc.oneof(fc.constant(''), phrase),
  position: fc.oneof(fc.constant(''), wholeNumber(0, 9999)),
  // A new study needs an image, so the valid one is sent more often than none.
  image: fc.oneof({ weight: 3, arbitrary: fc.constant(validImage) }, { weight: 1, arbitrary: fc.constant(noFile) }),
  ...imageText,
}

// ---------------------------------------------------------------------------------------------
// Pages, collection items and menus: JSON documents the editors build from the blocks' field kinds

/** Links an owner would type: pages that exist, a band of a page, another site, an address to write to. */
const plausibleLink = fc.constantFrom(
  '/contact',
  '/about',
  '/solutions#ai-automations',
  '/case-studies',
  '#services',
  'https://example.com/offer',
  'mailto:hello@example.com',
)
/** Links no field may store (script, other schemes, the back office), or that lead nowhere. */
const hostileLink = fc.constantFrom(
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example',
  '/\\evil.example',
  'http://example.com',
  'https://',
  'https://exa mple.com',
  '/admin',
  '/admin/x',
  '/admin/pages/edit/1',
  '/no-such-page',
  '/resources/blog/no-such-post',
  '/case-studies/no-such-study',
  '/media/images/none.png',
  '/../etc/passwd',
  '/%2e%2e/admin',
  '#',
  '#Bad Anchor',
  'mailto:',
  '"><script>alert(1)</script>',
)
/** Text that would be markup, or run, if a page let it through. */
const markup = fc.constantFrom(
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '[click](javascript:alert(1))',
  '<iframe src="https://evil.example"></iframe>',
  '</script><script>alert(1)</script>',
  '<style>body{display:none}</style>',
)
/** A JSON value of another kind than the field's. */
const wrongType = fc.constantFrom<unknown>(null, 0, -1, 1.5, 1e308, true, false, '', [], {}, [null], ['a'], { src: 1 })
/** What a hostile client puts where a document holds a value. */
const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: markup },
  { weight: 2, arbitrary: hostileLink },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: hugeText },
)
/** Mostly the plausible value; in a hostile document, now and then a hostile one in its place. */
const tainted = <T>(plausible: fc.Arbitrary<T>, hostile: boolean): fc.Arbitrary<unknown> =>
  hostile ? fc.oneof({ weight: 8, arbitrary: plausible }, { weight: 1, arbitrary: hostileJsonValue }) : plausible

/** Text cut to at most `max` UTF-16 units without splitting a letter's surrogate pair. */
function clip(text: string, max: number): string {
  let out = ''
  for (const char of text) {
    if (out.length + char.length > max) break
    out += char
  }
  return out
}

/** Where the documents' pictures may come from: the images uploaded for the fixtures, or a file the site ships. */
const pictureSrc = (fx: Fixtures) => fc.constantFrom(...fx.pictures, '/partners/acronis.svg')

/** A value an editor's form would put in the field, with hostile ones inside when `hostile`. */
function fieldValue(field: DocumentField, fx: Fixtures, hostile: boolean): fc.Arbitrary<unknown> {
  const optional = <T>(value: fc.Arbitrary<T>, required: boolean) =>
    required ? value : fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: value })
  let plausible: fc.Arbitrary<unknown>
  switch (field.kind) {
    case 'text':
    case 'markdown':
      plausible = optional(
        (field.kind === 'text' && !field.multiline ? phrase : paragraph).map((t) => clip(t, field.max)),
        field.required,
      )
      break
    case 'link':
      plausible = optional(plausibleLink, field.required)
      break
    case 'select':
      plausible = fc.constantFrom(...field.options.map((option) => option.value))
      break
    case 'checkbox':
      plausible = fc.boolean()
      break
    case 'image': {
      const picture = fc.record({ src: pictureSrc(fx), alt: phrase })
      plausible = field.required ? picture : fc.oneof(fc.constant({ src: '', alt: '' }), picture)
      break
    }
    case 'references':
      plausible = fc.subarray([...fx.studies, 'no-such-study'], { maxLength: Math.min(field.max, 3) })
      break
    case 'list':
      plausible = fc.array(documentOf(field.fields, fx, hostile), {
        minLength: field.min,
        maxLength: Math.max(field.min, Math.min(field.max, 3)),
      })
      break
  }
  return tainted(plausible, hostile)
}

/** An address's last part or a band's anchor, as the fields that must hold one are filled in. */
const slugText = fc.stringMatching(/^[a-z0-9]{1,10}(?:-[a-z0-9]{1,8}){0,2}$/)

/** An object of the fields (those named in `slugs` hold a slug); a hostile one may leave any out. */
function documentOf(
  fields: DocumentFields,
  fx: Fixtures,
  hostile: boolean,
  slugs: readonly string[] = [],
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      slugs.includes(name) ? tainted(slugText, hostile) : fieldValue(field, fx, hostile),
    ]),
  )
  const whole = fc.record(model)
  return hostile ? fc.oneof({ weight: 4, arbitrary: whole }, { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) }) : whole
}

const MAIN_HEADING_TYPES = BLOCK_TYPES.filter((type) => 'mainHeading' in BLOCKS[type])
const BAND_TYPES = BLOCK_TYPES.filter((type) => !('mainHeading' in BLOCKS[type]))
const blockId = fc.stringMatching(/^[a-z]{1,10}-[a-z0-9]{4,8}$/)

function blockOf(types: readonly BlockType[], fx: Fixtures, hostile: boolean): fc.Arbitrary<unknown> {
  return fc.oneof(
    ...types.map((type) =>
      fc.record({
        id: tainted(blockId, hostile),
        type: hostile
          ? fc.oneof(
              { weight: 8, arbitrary: fc.constant(type) },
              { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'Hero', '') },
            )
          : fc.constant(type),
        // A hidden main heading leaves the page without one: only a hostile page hides it.
        hidden: tainted('mainHeading' in BLOCKS[type] ? fc.constant(false) : fc.boolean(), hostile),
        data: documentOf(BLOCKS[type].fields, fx, hostile),
      }),
    ),
  )
}

/** A page as its editor sends it: a main heading first, then up to four bands; a hostile one may break any rule. */
function pageContent(fx: Fixtures, hostile: boolean): fc.Arbitrary<unknown> {
  const inOrder = fc
    .tuple(blockOf(MAIN_HEADING_TYPES, fx, hostile), fc.array(blockOf(BAND_TYPES, fx, hostile), { maxLength: 4 }))
    .map(([main, bands]) => [main, ...bands])
  const blocks = hostile
    ? fc.oneof(
        { weight: 6, arbitrary: inOrder },
        { weight: 1, arbitrary: inOrder.map((list) => [...list].reverse()) },
        // One block past the most a page may hold.
        { weight: 1, arbitrary: blockOf(['client-marks'], fx, false).map((block) => Array.from({ length: 61 }, () => block)) },
        { weight: 1, arbitrary: wrongType },
      )
    : inOrder
  return fc.record({
    title: tainted(fc.oneof(fc.constant(''), phrase), hostile),
    description: tainted(phrase, hostile),
    search: tainted(
      fc.record({
        title: fc.oneof(fc.constant(null), phrase),
        description: fc.oneof(fc.constant(null), phrase),
        image: fc.oneof(fc.constant(null), pictureSrc(fx)),
        hidden: fc.boolean(),
      }),
      hostile,
    ),
    blocks,
  })
}

/** Text that is not the JSON the editor sends: cut short, of another shape, nested past reason, or polluting. */
const oddJson = fc.constantFrom(
  '',
  '{',
  '{"blocks":',
  'null',
  '[]',
  '"a page"',
  '0',
  'true',
  '{}',
  '{"blocks":null}',
  '{"blocks":{}}',
  '{"blocks":[null]}',
  '{"blocks":[{"type":"__proto__"}]}',
  '{"__proto__":{"blocks":[]},"constructor":{"prototype":{"x":1}}}',
  '{"description":"x","blocks":[{"id":"h","type":"page-header","data":{"__proto__":{"title":"polluted"}}}]}',
  '{"title":1e999}',
  `{"blocks":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
  '{"menus":[],"footer":[]}',
)

/** The document with one value, anywhere in it, made hostile: the rest stays valid, so that value alone decides what is stored. */
function withOneHostileValue(document: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(document, fc.nat(), hostileJsonValue).map(([sent, index, value]) => {
    const copy = structuredClone(sent)
    const leaves: { parent: Record<string, unknown>; key: string }[] = []
    const walk = (node: unknown) => {
      if (node === null || typeof node !== 'object') return
      for (const [key, child] of Object.entries(node)) {
        if (child !== null && typeof child === 'object') walk(child)
        else leaves.push({ parent: node as Record<string, unknown>, key })
      }
    }
    walk(copy)
    const leaf = leaves[index % Math.max(1, leaves.length)]
    if (leaf) leaf.parent[leaf.key] = value
    return copy
  })
}

const asJson = (value: unknown) => JSON.stringify(value)

/**
 * A document field (the editors send theirs as JSON): as the editor builds it, with one hostile
 * value in it, with hostile values anywhere (and fields left out), or not JSON at all.
 */
const jsonDocument = (document: (hostile: boolean) => fc.Arbitrary<unknown>): Plausible =>
  fc.oneof(
    { weight: 4, arbitrary: document(false).map(asJson) },
    { weight: 3, arbitrary: withOneHostileValue(document(false)).map(asJson) },
    { weight: 1, arbitrary: document(true).map(asJson) },
    { weight: 1, arbitrary: oddJson },
  )

/** A new page's path: free ones under /lp, and ones no page may take (the back office, the blog's, taken, malformed). */
const pagePath = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^\/lp\/[a-z0-9]{1,12}(?:-[a-z0-9]{1,8}){0,2}$/) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '/admin',
      '/admin/x',
      '/ADMIN/x',
      '/resources/blog/x',
      '/resources/blog',
      '/case-studies/x',
      '/resources/ai-playbook/download/x',
      '/media/images/x',
      '/sitemap.xml',
      '/forms/ticket',
      '/healthz',
      '/',
      '/about',
      '/fuzz-old',
      '//evil.example',
      '/a//b',
      '/lp/',
      '/Lp/Offer',
      'lp/offer',
      '/lp/<script>',
      'javascript:alert(1)',
      `/${'a'.repeat(250)}`,
    ),
  },
  { weight: 1, arbitrary: hostileText },
)
const pageTemplate = fc.constantFrom('blank', 'service', 'industry', 'campaign', 'page', '__proto__', 'toString', '')
/** The image an editor uploads for a block or an item's picture. */
const blockUpload = () => ({ intent: fc.constant('upload'), image: image })

/** An item of the collection as its editor sends it. */
const collectionItem = (collection: CollectionName) => (fx: Fixtures) =>
  jsonDocument((hostile) => {
    const definition: CollectionDefinition = COLLECTIONS[collection]
    return documentOf(definition.fields, fx, hostile, definition.uniqueField ? [definition.uniqueField] : [])
  })

/** A collection's list: delete one item, or send every id in a new order (now and then one short, which is stale). */
function collectionListFields(collection: CollectionName) {
  return (fx: Fixtures): Record<string, Plausible> => {
    const { seeded, editable } = fx.collections[collection]
    const every = [editable, ...seeded]
    return {
      intent: fc.constantFrom('delete', 'reorder'),
      id: fc.oneof(rowId(seeded), fc.shuffledSubarray(every, { minLength: Math.max(1, every.length - 1) })),
      version,
      name: phrase,
    }
  }
}

type VersionedTable =
  'blog_posts' | 'authors' | 'team_members' | 'case_studies' | 'testimonials' | 'redirects' | 'files' | 'pages' | 'collection_items'

interface FormRoute {
  name: string
  signedIn: boolean
  /** A post that may succeed signs the browser in afresh, ending the session it came with: never send the admin's. */
  signsIn?: true
  path: (fx: Fixtures) => fc.Arbitrary<string>
  /** Each field as the page's form sends it; an array value is the field repeated (none: left out). */
  fields: (fx: Fixtures) => Record<string, Plausible>
  /**
   * Where CURRENT_VERSION is looked up: the record named by the path's last segment or by the id
   * field, or a document kept as a setting (the menus), whose version is empty until first saved.
   */
  versionOf?: { table: VersionedTable; idFrom: 'path' | 'field' } | { setting: string }
  /** Sent with the cookie of a second sign-in step most of the time, instead of a session. */
  pendingSignIn?: boolean
}

const at = (path: string) => () => fc.constant(path)
const editing = (prefix: string, id: (fx: Fixtures) => string) => (fx: Fixtures) => segment([id(fx)]).map((s) => `${prefix}/${s}`)

/** Every POST action of app/routes.ts (logout has its own test below: it ends the session). */
const FORM_ROUTES: FormRoute[] = [
  {
    name: '/contact',
    signedIn: false,
    path: at('/contact'),
    fields: () => ({ name: phrase, email, business: optionalPhrase, message: paragraph, website: fc.constant(''), ...leadEvidence }),
  },
  {
    name: '/resources/ai-playbook',
    signedIn: false,
    path: at('/resources/ai-playbook'),
    fields: () => ({ name: phrase, email, business: optionalPhrase, website: fc.constant(''), ...leadEvidence, ...roiInputs }),
  },
  { name: '/admin/login', signedIn: false, path: at('/admin/login'), fields: () => ({ email, password: phrase }) },
  {
    // Sent with a waiting second step most of the time (see PENDING_SIGN_IN): its codes are the admin's.
    name: '/admin/login/verify',
    signedIn: false,
    path: at('/admin/login/verify'),
    fields: () => ({ code: fc.oneof(sixDigits, recoveryCode), method: fc.constantFrom('app', 'recovery') }),
    pendingSignIn: true,
  },
  {
    // Now and then an admin's address, so links are stored and mailed too (they go to the test's mail server).
    name: '/admin/forgot-password',
    signedIn: false,
    path: at('/admin/forgot-password'),
    fields: () => ({
      email: fc.oneof({ weight: 3, arbitrary: email }, { weight: 1, arbitrary: fc.constantFrom(ADMIN.email, RESET_TARGET.email) }),
    }),
  },
  {
    // The same two values in both fields half the time, so some resets go through (and spend the links).
    name: '/admin/reset-password/:token',
    signedIn: false,
    path: (fx) => segment(fx.resetTokens).map((s) => `/admin/reset-password/${s}`),
    fields: () => ({
      newPassword: fc.constantFrom('a-fuzzed-password', 'short'),
      confirmPassword: fc.constantFrom('a-fuzzed-password', 'short'),
    }),
  },
  { name: '/admin/session', signedIn: true, path: at('/admin/session'), fields: () => ({}) },
  // Ending all other sessions leaves this test's own: the fuzzing goes on signed in.
  {
    name: '/admin/account/sessions (end one, end all others)',
    signedIn: true,
    path: at('/admin/account/sessions'),
    fields: () => ({ intent: fc.constantFrom('end', 'end-others'), id: phrase }),
  },
  {
    name: '/admin/blog (publish, unpublish, submit for review, withdraw, send back, delete)',
    signedIn: true,
    path: at('/admin/blog'),
    fields: (fx) => ({
      intent: fc.constantFrom('publish', 'unpublish', 'request-review', 'withdraw-review', 'send-back', 'delete'),
      id: rowId(fx.seeded.posts),
      version,
      note: phrase,
    }),
    versionOf: { table: 'blog_posts', idFrom: 'field' },
  },
  { name: '/admin/blog/new', signedIn: true, path: at('/admin/blog/new'), fields: postFields },
  {
    name: '/admin/blog/edit/:id',
    signedIn: true,
    path: editing('/admin/blog/edit', (fx) => fx.editable.post),
    fields: (fx) => withVersion(postFields(fx)),
    versionOf: { table: 'blog_posts', idFrom: 'path' },
  },
  { name: '/admin/blog/preview', signedIn: true, path: at('/admin/blog/preview'), fields: () => ({ content: paragraph }) },
  {
    name: '/admin/authors (delete)',
    signedIn: true,
    path: at('/admin/authors'),
    fields: (fx) => deleteFields(fx.seeded.authors),
    versionOf: { table: 'authors', idFrom: 'field' },
  },
  { name: '/admin/authors/new', signedIn: true, path: at('/admin/authors/new'), fields: () => authorFields },
  {
    name: '/admin/authors/edit/:id',
    signedIn: true,
    path: editing('/admin/authors/edit', (fx) => fx.editable.author),
    fields: () => withVersion(authorFields),
    versionOf: { table: 'authors', idFrom: 'path' },
  },
  {
    name: '/admin/team (delete)',
    signedIn: true,
    path: at('/admin/team'),
    fields: (fx) => deleteFields(fx.seeded.members),
    versionOf: { table: 'team_members', idFrom: 'field' },
  },
  { name: '/admin/team/new', signedIn: true, path: at('/admin/team/new'), fields: () => memberFields },
  {
    name: '/admin/media (delete)',
    signedIn: true,
    path: at('/admin/media'),
    fields: (fx) => deleteFields(fx.mediaIds),
    versionOf: { table: 'files', idFrom: 'field' },
  },
  {
    name: '/admin/media/edit/:id',
    signedIn: true,
    path: editing('/admin/media/edit', (fx) => fx.mediaIds[0]!),
    fields: () => withVersion(imageText),
    versionOf: { table: 'files', idFrom: 'path' },
  },
  {
    name: '/admin/team/edit/:id',
    signedIn: true,
    path: editing('/admin/team/edit', (fx) => fx.editable.member),
    fields: () => withVersion(memberFields),
    versionOf: { table: 'team_members', idFrom: 'path' },
  },
  {
    name: '/admin/testimonials (delete)',
    signedIn: true,
    path: at('/admin/testimonials'),
    fields: (fx) => deleteFields(fx.seeded.testimonials),
    versionOf: { table: 'testimonials', idFrom: 'field' },
  },
  { name: '/admin/testimonials/new', signedIn: true, path: at('/admin/testimonials/new'), fields: () => testimonialFields },
  {
    name: '/admin/testimonials/edit/:id',
    signedIn: true,
    path: editing('/admin/testimonials/edit', (fx) => fx.editable.testimonial),
    fields: () => withVersion(testimonialFields),
    versionOf: { table: 'testimonials', idFrom: 'path' },
  },
  {
    name: '/admin/redirects (delete)',
    signedIn: true,
    path: at('/admin/redirects'),
    fields: (fx) => deleteFields(fx.seeded.redirects),
    versionOf: { table: 'redirects', idFrom: 'field' },
  },
  { name: '/admin/redirects/new', signedIn: true, path: at('/admin/redirects/new'), fields: () => redirectFields },
  {
    name: '/admin/redirects/edit/:id',
    signedIn: true,
    path: editing('/admin/redirects/edit', (fx) => fx.editable.redirect),
    fields: () => withVersion(redirectFields),
    versionOf: { table: 'redirects', idFrom: 'path' },
  },
  {
    name: '/admin/case-studies (delete)',
    signedIn: true,
    path: at('/admin/case-studies'),
    fields: (fx) => deleteFields(fx.seeded.studies),
    versionOf: { table: 'case_studies', idFrom: 'field' },
  },
  { name: '/admin/case-studies/new', signedIn: true, path: at('/admin/case-studies/new'), fields: () => studyFields },
  {
    name: '/admin/case-studies/edit/:id',
    signedIn: true,
    path: editing('/admin/case-studies/edit', (fx) => fx.editable.study),
    fields: () => withVersion(studyFields),
    versionOf: { table: 'case_studies', idFrom: 'path' },
  },
  {
    name: '/admin/settings (site settings)',
    signedIn: true,
    path: at('/admin/settings'),
    fields: () => ({
      intent: fc.constant('site'),
      contactEmail: email,
      partnersEmail: email,
      bookingUrl: httpsUrl,
      linkedinUrl: httpsUrl,
      twitterUrl: httpsUrl,
    }),
  },
  {
    // The current password is never the right one, so the admin's password cannot change. (Each wrong
    // one counts against the admin's sign-in limit: the tests below sign in as someone else.)
    name: '/admin/settings (password)',
    signedIn: true,
    path: at('/admin/settings'),
    fields: () => ({
      intent: fc.constant('password'),
      currentPassword: fc.constantFrom('not-the-password', ''),
      newPassword: fc.constant('another-long-password'),
      confirmPassword: fc.constant('another-long-password'),
    }),
  },
  {
    // The admin has two-factor sign-in on (createFixtures), so whatever this sets, their session opens every screen.
    name: '/admin/settings (two-factor policy)',
    signedIn: true,
    path: at('/admin/settings'),
    fields: () => ({ intent: fc.constant('two-factor-policy'), requireTwoFactor: fc.constantFrom<FieldValue[]>([], ['on']) }),
  },
  {
    // No code or password sent here is right, so the admin's two-factor sign-in stays on; wrong ones
    // count against the admin's sign-in limit, as the password form's do.
    name: '/admin/account/two-factor (begin, cancel, confirm, renew, off)',
    signedIn: true,
    path: at('/admin/account/two-factor'),
    fields: () => ({
      intent: fc.constantFrom('begin', 'cancel', 'confirm', 'renew', 'off'),
      code: sixDigits,
      currentPassword: fc.oneof(sixDigits, fc.constant('not-the-password')),
    }),
  },
  {
    name: '/admin/inbox/:id (read, unread, status, note, delete)',
    signedIn: true,
    path: (fx) => segment(fx.inquiries).map((s) => `/admin/inbox/${s}`),
    fields: () => ({
      intent: fc.constantFrom('read', 'unread', 'status', 'note', 'delete'),
      status: leadStatus,
      shownStatus: leadStatus,
      note: paragraph,
    }),
  },
  {
    name: '/admin/people (invite, renew, revoke, change-role, remove)',
    signedIn: true,
    path: at('/admin/people'),
    fields: (fx) => ({
      intent: fc.constantFrom('invite', 'renew', 'revoke', 'change-role', 'remove'),
      id: fc.constantFrom(...fx.people.admins, ...fx.people.invitations, 'no-such-id'),
      email,
      role: fc.constantFrom(...roles, 'superuser', 'Owner'),
      confirmed: fc.constantFrom('yes', ''),
    }),
  },
  {
    name: '/admin/invitation/:token',
    signedIn: false,
    signsIn: true,
    path: (fx) => segment(fx.people.tokens).map((s) => `/admin/invitation/${s}`),
    fields: () => ({ password: invitedPassword, confirmPassword: invitedPassword }),
  },
  {
    name: '/admin/notifications (retry, dismiss)',
    signedIn: true,
    path: at('/admin/notifications'),
    fields: (fx) => ({ intent: fc.constantFrom('retry', 'dismiss'), id: rowId(fx.notifications) }),
  },
  {
    name: '/admin/pages/new',
    signedIn: true,
    path: at('/admin/pages/new'),
    fields: () => ({ path: pagePath, name: phrase, template: pageTemplate, hidden: fc.constantFrom<FieldValue[]>([], ['on']) }),
  },
  {
    // Mostly at its own path: a move leaves a redirect behind, and the next save at the old path moves it back.
    name: '/admin/pages/edit/:id (save draft, publish, schedule)',
    signedIn: true,
    path: editing('/admin/pages/edit', (fx) => fx.editable.page),
    fields: (fx) =>
      withVersion({
        name: phrase,
        path: fc.oneof({ weight: 4, arbitrary: fc.constant(fx.page.path) }, { weight: 1, arbitrary: pagePath }),
        content: jsonDocument((hostile) => pageContent(fx, hostile)),
        intent: fc.constantFrom('draft', 'publish', 'schedule'),
        at: publishAt,
      }),
    versionOf: { table: 'pages', idFrom: 'path' },
  },
  {
    name: '/admin/pages/edit/:id (upload a block’s image)',
    signedIn: true,
    path: editing('/admin/pages/edit', (fx) => fx.editable.page),
    fields: blockUpload,
  },
  {
    name: '/admin/pages/preview/:id',
    signedIn: true,
    path: editing('/admin/pages/preview', (fx) => fx.editable.page),
    fields: (fx) => ({ content: jsonDocument((hostile) => pageContent(fx, hostile)) }),
  },
  {
    name: '/admin/pages/history/:id (restore)',
    signedIn: true,
    path: editing('/admin/pages/history', (fx) => fx.editable.page),
    fields: (fx) => ({ intent: fc.constantFrom('restore', 'compare'), revision: rowId(fx.page.revisions), version }),
    versionOf: { table: 'pages', idFrom: 'path' },
  },
  ...COLLECTION_NAMES.flatMap((collection): FormRoute[] => [
    {
      name: `/admin/collections/${collection} (delete, reorder)`,
      signedIn: true,
      path: at(`/admin/collections/${collection}`),
      fields: collectionListFields(collection),
      versionOf: { table: 'collection_items', idFrom: 'field' },
    },
    {
      name: `/admin/collections/${collection}/new`,
      signedIn: true,
      path: at(`/admin/collections/${collection}/new`),
      fields: (fx) => ({ data: collectionItem(collection)(fx), version: fc.constant('') }),
    },
    {
      name: `/admin/collections/${collection}/edit/:id`,
      signedIn: true,
      path: editing(`/admin/collections/${collection}/edit`, (fx) => fx.collections[collection].editable),
      fields: (fx) => withVersion({ data: collectionItem(collection)(fx) }),
      versionOf: { table: 'collection_items', idFrom: 'path' },
    },
  ]),
  {
    name: '/admin/collections/:collection/new (upload a picture)',
    signedIn: true,
    path: () => fc.oneof(fc.constantFrom(...COLLECTION_NAMES), hostileSegment).map((c) => `/admin/collections/${c}/new`),
    fields: blockUpload,
  },
  {
    name: '/admin/navigation',
    signedIn: true,
    path: at('/admin/navigation'),
    fields: (fx) => withVersion({ data: jsonDocument((hostile) => documentOf(NAVIGATION_FIELDS, fx, hostile)) }),
    versionOf: { setting: NAVIGATION_KEY },
  },
]

// ---------------------------------------------------------------------------------------------
// Building requests

const hostile = hostileValue(hostileUpload)

const fieldEntries = (name: string) => (values: FieldValue | FieldValue[]) =>
  (Array.isArray(values) ? values : [values]).map((v): Field => [name, v])

/** The form as the page sends it, with generated but plausible values: these reach the database. */
function formAsSent(plausible: Record<string, Plausible>): fc.Arbitrary<Field[]> {
  return fc.tuple(...Object.entries(plausible).map(([name, value]) => value.map(fieldEntries(name)))).map((fields) => fields.flat())
}

/** One field as a hostile client sends it: left out, with a hostile value, or repeated. */
function tamperedField(name: string, plausible: Plausible): fc.Arbitrary<Field[]> {
  const entries = fieldEntries(name)
  // Left out comes first: a failing case shrinks towards it when the field does not matter.
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 1, arbitrary: fc.constant<Field[]>([]) },
    { weight: 4, arbitrary: hostile.map(entries) },
    { weight: 1, arbitrary: fc.array(fc.oneof(plausible, hostile), { minLength: 2, maxLength: 4 }).map((vs) => vs.flatMap(entries)) },
  )
}

/**
 * The form as sent, except for one to three tampered fields and maybe unknown ones: the other
 * fields stay plausible, so a hostile value gets past the checks of its neighbours.
 */
function formTamperedWith(plausible: Record<string, Plausible>): fc.Arbitrary<Field[]> {
  const names = Object.keys(plausible)
  return fc
    .record({
      tampered: fc.subarray(names, { minLength: Math.min(1, names.length), maxLength: Math.min(3, names.length) }),
      asSent: fc.tuple(...names.map((name) => plausible[name]!.map(fieldEntries(name)))),
      bent: fc.tuple(...names.map((name) => tamperedField(name, plausible[name]!))),
      unknown: fc.array(fc.tuple(hostileName, hostile), { maxLength: 2 }),
    })
    .map(({ tampered, asSent, bent, unknown }) => [
      ...names.flatMap((name, i) => (tampered.includes(name) ? bent[i]! : asSent[i]!)),
      ...unknown,
    ])
}

const formFields = (plausible: Record<string, Plausible>) =>
  fc.oneof({ weight: 1, arbitrary: formAsSent(plausible) }, { weight: 2, arbitrary: formTamperedWith(plausible) })

/** The record id at the end of a path, as the router decodes it; undefined when it cannot. */
function lastSegment(path: string): string | undefined {
  const segment =
    path
      .split('?')[0]!
      .replace(/\.data$/, '')
      .split('/')
      .pop() ?? ''
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/** React Router's data requests (what the browser's fetchers use): the same route, answered as a stream. */
function withDataSuffix(path: string): string {
  const [pathname, query] = path.split(/(?=\?)/, 2)
  const data = pathname === '/' ? '/_root.data' : `${pathname!.replace(/\/$/, '')}.data`
  return data + (query ?? '')
}
const maybeDataRequest = (path: fc.Arbitrary<string>) =>
  fc
    .tuple(path, fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }))
    .map(([p, data]) => (data ? withDataSuffix(p) : p))

/**
 * A fresh client address per request, so the per-address rate limits do not turn every answer into a
 * 429; now and then a hostile one, which is what the server takes as the address when TRUST_PROXY is
 * set and nothing in front overwrites the header. It takes the last comma-separated entry, so some
 * hostile values have no comma at all.
 */
const forwardedFor = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(fc.ipV4(), fc.ipV6()) },
  { weight: 1, arbitrary: hostileHeader },
  { weight: 1, arbitrary: hostileHeader.map((value) => value.replace(/,/g, ';')) },
)

const hostileCookie = fc.oneof(
  hostileHeader,
  hostileHeader.map((v) => `session=${v}`),
  hostileHeader.map((v) => `toast=${v}`),
)

/** Stands for the cookie of a fresh second sign-in step, made as the request is sent. */
const PENDING_SIGN_IN = 'pending_sign_in=fresh'

/** The admin's session cookie most of the time, otherwise none or a hostile one. */
const cookieFor = (fx: Fixtures, route: { signedIn: boolean; signsIn?: boolean; pendingSignIn?: boolean }) =>
  route.pendingSignIn
    ? fc.oneof(
        { weight: 6, arbitrary: fc.constant(PENDING_SIGN_IN) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileCookie },
      )
    : route.signedIn
      ? fc.oneof({ weight: 8, arbitrary: fc.constant(fx.cookie) }, { weight: 1, arbitrary: hostileCookie })
      : route.signsIn
        ? fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileCookie })
        : fc.oneof(
            { weight: 6, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: hostileCookie },
            { weight: 1, arbitrary: fc.constant(fx.cookie) },
          )

const formMethod = fc.oneof(
  { weight: 9, arbitrary: fc.constant('POST') },
  { weight: 1, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE') },
)
/** Now and then a query string on a form's address too: React Router reads `index` and `_routes`. */
const withQuery = (path: fc.Arbitrary<string>) =>
  fc
    .tuple(path, fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: hostileQuery(['index', '_routes', 'tab']) }))
    .map(([p, query]) => p + query)

const formEncoding = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('urlencoded' as const, 'multipart' as const) },
  { weight: 1, arbitrary: fc.constantFrom(...ENCODINGS) },
)

function formRequest(route: FormRoute, fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: formMethod,
      path: maybeDataRequest(withQuery(route.path(fx))),
      encoding: formEncoding,
      fields: formFields(route.fields(fx)),
      forwardedFor,
      cookie: cookieFor(fx, route),
    })
    .map(described)
}

/** Every GET route with a parameter, plus the fixed pages with made-up query strings. */
function pageRequest(fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  const blogQuery = fc.oneof(fc.constantFrom(...fx.tags), fc.integer({ min: -3, max: 5 }).map(String), phrase)
  const publicPaths = fc.oneof(
    hostileQuery(['q', 'tag', 'page'], blogQuery).map((q) => `/resources/blog${q}`),
    segment(fx.slugs).map((s) => `/resources/blog/${s}`),
    segment(industries.map((i) => i.slug)).map((s) => `/industries/${s}`),
    fc
      .tuple(
        fc.oneof(fc.constantFrom('images', 'team_avatars'), hostileSegment),
        fc.oneof(fc.constantFrom(...fx.mediaPaths), hostileSegment),
      )
      .map(([bucket, path]) => `/media/${bucket}/${path}`),
    fc
      .tuple(
        fc.constantFrom(
          '/',
          '/about',
          '/case-studies',
          '/industries',
          '/contact',
          '/resources',
          '/resources/blog/rss.xml',
          '/sitemap.xml',
          '/robots.txt',
          '/nowhere',
        ),
        hostileQuery(['_routes', 'index']),
      )
      .map(([path, query]) => path + query),
  )
  const adminPaths = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('/admin/inbox', '/admin/inbox/export.csv'),
        hostileQuery(['page', 'status', 'kind', 'from', 'to', 'q'], inboxQueryValue),
      )
      .map(([path, query]) => path + query),
    hostileQuery(['tab'], fc.constant('site')).map((q) => `/admin/settings${q}`),
    hostileQuery(
      ['page', 'person', 'kind', 'from', 'to'],
      fc.oneof(fc.constantFrom('team', 'people', 'owner@example.com', '2026-11-23', '2026-02-30'), phrase),
    ).map((q) => `/admin/activity${q}`),
    hostileQuery(['days'], fc.constantFrom('30', '90', '365')).map((q) => `/admin/insights${q}`),
    editing('/admin/blog/edit', (f) => f.editable.post)(fx),
    editing('/admin/authors/edit', (f) => f.editable.author)(fx),
    editing('/admin/team/edit', (f) => f.editable.member)(fx),
    editing('/admin/case-studies/edit', (f) => f.editable.study)(fx),
    editing('/admin/testimonials/edit', (f) => f.editable.testimonial)(fx),
    segment(fx.inquiries).map((s) => `/admin/inbox/${s}`),
    editing('/admin/pages/edit', (f) => f.editable.page)(fx),
    editing('/admin/pages/preview', (f) => f.editable.page)(fx),
    fc
      .tuple(
        editing('/admin/pages/history', (f) => f.editable.page)(fx),
        hostileQuery(['from', 'to'], fc.constantFrom(...fx.page.revisions)),
      )
      .map(([path, query]) => path + query),
    fc
      .tuple(segment([...COLLECTION_NAMES]), fc.constantFrom('', '/new', '/edit/no-such-id'))
      .map(([collection, rest]) => `/admin/collections/${collection}${rest}`),
    fc
      .constantFrom(...COLLECTION_NAMES)
      .chain((collection) => editing(`/admin/collections/${collection}/edit`, (f) => f.collections[collection].editable)(fx)),
    segment(fx.resetTokens).map((s) => `/admin/reset-password/${s}`),
    segment(fx.people.tokens).map((s) => `/admin/invitation/${s}`),
    fc
      .tuple(
        fc.constantFrom(
          '/admin',
          '/admin/blog',
          '/admin/blog/new',
          '/admin/authors',
          '/admin/team',
          '/admin/case-studies',
          '/admin/testimonials',
          '/admin/notifications',
          '/admin/people',
          '/admin/inbox/export.csv',
          '/admin/login',
          '/admin/forgot-password',
          '/admin/login/verify',
          '/admin/account/two-factor',
          '/admin/pages',
          '/admin/pages/new',
          '/admin/collections',
          '/admin/navigation',
          '/admin/logout',
          '/admin/nowhere',
        ),
        hostileQuery(['page', 'tab', 'method']),
      )
      .map(([path, query]) => path + query),
  )
  const request = (paths: fc.Arbitrary<string>, signedIn: boolean) =>
    fc.record({
      method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'OPTIONS'),
      path: maybeDataRequest(paths),
      forwardedFor,
      cookie: cookieFor(fx, { signedIn }),
    })
  return fc.oneof(request(publicPaths, false), request(adminPaths, true)).map(described)
}

// ---------------------------------------------------------------------------------------------
// The server, its data, and the checks

// A mail server takes what the site sends (lead notifications, playbook links, reset links), so the
// forms that only work with one (forgot-password) are fuzzed past their "not available" answer.
const smtp = useSmtpServer()

const serverEnv = () => ({
  // The rate limits count per client address: trusting one proxy lets each request name its own.
  TRUST_PROXY: '1',
  SMTP_URL: smtp.url(),
})

async function startFuzzServer(dialect: string): Promise<{ server: RunningServer; cleanup: () => Promise<void> }> {
  if (dialect === 'sqlite') return { server: await startServer(serverEnv()), cleanup: async () => {} }
  const database = await createTestDatabase('postgres', { migrate: false })
  if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL')
  try {
    return { server: await startServer({ ...serverEnv(), DATABASE_URL: database.target.url }), cleanup: () => database.cleanup() }
  } catch (error) {
    await database.cleanup()
    throw error
  }
}

/** Our own sign-ins come from an address of their own: the fuzzed ones may use up any other's limit. */
const OWN_ADDRESS = '192.0.2.1'
const SECOND_ADMIN = { email: 'second@example.com', password: 'another-long-password' }
/** Whose password the fuzzed reset links may change: no test signs in as them. */
const RESET_TARGET = { email: 'reset-target@example.com', password: 'reset-target-password' }
/** An admin with two-factor sign-in whose password step the fuzzed codes follow. */
const TWO_FACTOR_ADMIN = { email: 'two-factor@example.com', password: 'a-third-long-password' }
/** Where the page the fuzzing edits is created; its saves may move it. */
const FUZZ_PAGE_PATH = '/lp/fuzz-page'
/** A second step waits five minutes; a new one is made a minute before that. */
const PENDING_FOR_MS = 4 * 60 * 1000

async function signInAsAdmin(server: RunningServer, account = ADMIN): Promise<string> {
  const response = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    body: new URLSearchParams(account),
    headers: { 'X-Forwarded-For': OWN_ADDRESS },
    redirect: 'manual',
  })
  const session = response.headers.getSetCookie().find((c) => c.startsWith('session='))
  if (response.status !== 302 || !session) throw new Error(`sign-in failed with ${response.status}`)
  return session.split(';')[0]!
}

/** Records made through the real forms (and the blog helpers), plus the ids of the seeded ones. */
async function createFixtures(server: RunningServer): Promise<Fixtures> {
  const cookie = await signInAsAdmin(server)
  const created = async (path: string, form: FormData | Record<string, string>) => {
    const response = await postForm(server.url, path, form, cookie)
    if (response.status !== 302) throw new Error(`${path} answered ${response.status} while creating fixtures`)
  }
  const memberForm = new FormData()
  memberForm.set('name', 'Fuzz Member')
  memberForm.set('role', 'Target')
  await created('/admin/team/new', memberForm)
  const studyForm = new FormData()
  const study = {
    title: 'Fuzz Study',
    client: 'Fuzz Client',
    industry: 'Healthcare',
    briefDesc: 'Brief.',
    challenge: 'Challenge.',
    solution: 'Solution.',
    results: 'A result',
    tags: 'fuzz',
    testimonialQuote: 'Quote.',
    testimonialAuthor: 'Someone',
    testimonialPosition: 'Owner',
  }
  for (const [name, value] of Object.entries(study)) studyForm.set(name, value)
  studyForm.set('image', new File([new Uint8Array(validImage.bytes)], 'cover.png', { type: 'image/png' }))
  studyForm.set('imageAlt', 'A fuzz cover')
  await created('/admin/case-studies/new', studyForm)
  for (const name of ['Fuzz Testimonial', 'Spare Testimonial']) {
    const testimonialForm = new FormData()
    testimonialForm.set('quote', 'They were great.')
    testimonialForm.set('name', name)
    testimonialForm.set('stars', '5')
    await created('/admin/testimonials/new', testimonialForm)
  }
  for (const [fromPath, toTarget] of [
    ['/fuzz-old', '/about'],
    ['/spare-old', 'https://example.com/'],
  ]) {
    const redirectForm = new FormData()
    redirectForm.set('fromPath', fromPath!)
    redirectForm.set('toTarget', toTarget!)
    redirectForm.set('status', '301')
    await created('/admin/redirects/new', redirectForm)
  }
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': `198.51.100.${i}` },
      body: new URLSearchParams({ name: `Lead ${i}`, email: `lead${i}@example.com`, message: 'Hello' }),
    })
    if (response.status !== 200) throw new Error(`/contact answered ${response.status} while creating fixtures`)
  }

  // A published page to edit, from the template with the most kinds of block, and an item of each collection.
  await created('/admin/pages/new', { path: FUZZ_PAGE_PATH, name: 'Fuzz Page', template: 'service' })
  const page = await withServerDb(server, (db) =>
    db.selectFrom('pages').selectAll().where('path', '=', FUZZ_PAGE_PATH).executeTakeFirstOrThrow(),
  )
  await created(`/admin/pages/edit/${page.id}`, {
    version: page.updated_at,
    path: page.path,
    name: page.name,
    content: page.draft,
    intent: 'publish',
  })
  const pictures = await withServerDb(server, async (db) =>
    (await db.selectFrom('files').select('path').where('bucket', '=', 'images').execute()).map((row) => mediaUrl('images', row.path)),
  )
  const fuzzItems: Record<CollectionName, Record<string, unknown>> = {
    services: { name: 'Fuzz Service', anchor: 'fuzz-service', summary: 'What it does.', points: [{ text: 'A point' }] },
    industries: { name: 'Fuzz Industry', slug: 'fuzz-industry', summary: 'Who it serves.', picture: { src: pictures[0], alt: 'A van' } },
    faq: { question: 'Fuzz question?', answer: 'An answer.' },
    partners: { name: 'Fuzz Partner', description: 'A tool.', logo: '/partners/acronis.svg' },
    locations: { city: 'Fuzz City', state: 'Texas' },
  }
  for (const collection of COLLECTION_NAMES)
    await created(`/admin/collections/${collection}/new`, { data: JSON.stringify(fuzzItems[collection]), version: '' })

  // People the People screen's fuzzing may change or remove, and invitations to accept, made as an owner makes them.
  for (const email of ['fuzz-person-1@example.com', 'fuzz-person-2@example.com']) await createAdmin(server, email, 'fuzz-person-password')
  const tokens: string[] = []
  for (const [email, role] of [
    ['fuzz-invitee-1@example.com', 'editor'],
    ['fuzz-invitee-2@example.com', 'owner'],
    ['fuzz-invitee-3@example.com', 'author'],
  ]) {
    const response = await postForm(server.url, '/admin/people', { intent: 'invite', email: email!, role: role! }, cookie)
    if (response.status !== 200) throw new Error(`/admin/people answered ${response.status} while creating fixtures`)
    // This server has a mail server, so the link is e-mailed rather than shown.
    tokens.push(await mailedToken(smtp.mails, email!, '/admin/invitation/'))
  }

  // The admin has two-factor sign-in, so requiring it of everyone (which the fuzzing may) leaves
  // their session free to open every screen; their session was opened before it was on.
  await withServerDb(server, async (db) => {
    await giveTwoFactor(db, ADMIN.email)
    await giveTwoFactor(db, TWO_FACTOR_ADMIN.email)
  })
  let pending: { cookie: string | undefined; until: number } = { cookie: undefined, until: 0 }
  const pendingSignIn = async () => {
    if (Date.now() > pending.until) {
      const cookie = await passwordStepOverHttp(server.url, TWO_FACTOR_ADMIN, { 'X-Forwarded-For': OWN_ADDRESS })
      // Locked by the codes fuzzed so far: the step is sent without its cookie.
      pending = { cookie: cookie ?? undefined, until: Date.now() + PENDING_FOR_MS }
    }
    return pending.cookie
  }

  return withServerDb(server, async (db) => {
    const author = await createTestAuthor(db, { name: 'Fuzz Author' })
    const post = await createTestPost(db, author, { tags: ['fuzz', 'automation'] })
    const ids = async (table: VersionedTable | 'inquiries' | 'outbox') =>
      (await db.selectFrom(table).select('id').execute()).map((row) => row.id)
    const member = (await db.selectFrom('team_members').select('id').where('name', '=', 'Fuzz Member').executeTakeFirstOrThrow()).id
    const studyId = (await db.selectFrom('case_studies').select('id').where('title', '=', 'Fuzz Study').executeTakeFirstOrThrow()).id
    const testimonial = (await db.selectFrom('testimonials').select('id').where('name', '=', 'Fuzz Testimonial').executeTakeFirstOrThrow())
      .id
    const redirect = (await db.selectFrom('redirects').select('id').where('from_path', '=', '/fuzz-old').executeTakeFirstOrThrow()).id
    const editable = { post: post.id, author, member, study: studyId, testimonial, redirect, page: page.id }
    const target = (await db.selectFrom('users').select('id').where('email', '=', RESET_TARGET.email).executeTakeFirstOrThrow()).id
    const resetTokens = [newToken(), newToken()]
    for (const token of resetTokens) {
      const now = Date.now()
      await insertPasswordReset(db, {
        id: hashToken(token),
        userId: target,
        expiresAt: new Date(now + 30 * 60_000).toISOString(),
        createdAt: new Date(now).toISOString(),
      })
    }
    const except = (list: string[]) => list.filter((id) => !Object.values(editable).includes(id))
    const collections = {} as Fixtures['collections']
    for (const collection of COLLECTION_NAMES) {
      const items = await db.selectFrom('collection_items').select(['id', 'data']).where('collection', '=', collection).execute()
      const nameOf = (data: string) => String((JSON.parse(data) as Record<string, unknown>)[COLLECTIONS[collection].nameField])
      const fuzzItem = items.find((item) => nameOf(item.data).startsWith('Fuzz '))!
      collections[collection] = { editable: fuzzItem.id, seeded: items.filter((item) => item !== fuzzItem).map((item) => item.id) }
    }
    const pageRevisions = await db
      .selectFrom('revisions')
      .select('id')
      .where('record_type', '=', 'page')
      .where('record_id', '=', page.id)
      .execute()
    return {
      cookie,
      pendingSignIn,
      editable,
      seeded: {
        posts: except(await ids('blog_posts')),
        authors: except(await ids('authors')),
        members: except(await ids('team_members')),
        studies: except(await ids('case_studies')),
        testimonials: except(await ids('testimonials')),
        redirects: except(await ids('redirects')),
      },
      inquiries: await ids('inquiries'),
      notifications: await ids('outbox'),
      slugs: (await db.selectFrom('blog_posts').select('slug').execute()).map((row) => row.slug),
      tags: [...new Set((await db.selectFrom('post_tags').select('tag').execute()).map((row) => row.tag))],
      mediaPaths: (await db.selectFrom('files').select('path').execute()).map((row) => row.path),
      mediaIds: (await db.selectFrom('files').select('id').where('bucket', 'in', ['images', 'team_avatars']).execute()).map(
        (row) => row.id,
      ),
      page: { path: FUZZ_PAGE_PATH, revisions: pageRevisions.map((row) => row.id) },
      collections,
      studies: await ids('case_studies'),
      pictures,
      resetTokens,
      people: {
        admins: (await db.selectFrom('users').select('id').where('email', 'like', 'fuzz-person-%').execute()).map((row) => row.id),
        invitations: (await db.selectFrom('invitations').select('id').execute()).map((row) => row.id),
        tokens,
      },
    }
  })
}

const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const CONTENT_TABLES = [
  'blog_posts',
  'post_tags',
  'authors',
  'team_members',
  'case_studies',
  'testimonials',
  'inquiries',
  'site_settings',
  'users',
  'invitations',
  'pages',
  'collection_items',
] as const

/** Letters no stored text may hold, anywhere inside a document either: NUL, U+FFFD, half a surrogate pair. */
const BROKEN_TEXT = /[\u0000\uFFFD]|\p{Cs}/u

/** A stored JSON document (a page, an item, the menus) read back: not JSON, refused by its editor's schema, or holding broken text. */
function storedDocument(json: string, schema: ZodType, what: string): { value: unknown; problems: string[] } {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return { value: undefined, problems: [`${what} is not JSON: ${preview(json)}`] }
  }
  const problems = refusedBy(schema, value, what)
  const walk = (node: unknown, at: string) => {
    if (typeof node === 'string' && BROKEN_TEXT.test(node))
      problems.push(`${what}: ${at || 'its value'} holds a NUL, U+FFFD or half a surrogate pair: ${preview(node)}`)
    else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, at ? `${at}.${key}` : key)
  }
  walk(value, '')
  return { value, problems }
}

/** Why a row's own editor would refuse it if it were saved again unchanged; nothing when it would not. */
function refusedBy(schema: ZodType, value: unknown, what: string): string[] {
  const result = schema.safeParse(value)
  if (result.success) return []
  return result.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '')
    const stored = field ? (value as Record<string, unknown>)[field] : value
    return `${what}: its editor would refuse it (${field || 'value'}: ${issue.message}); stored ${typeof stored === 'string' ? preview(stored) : JSON.stringify(stored)?.slice(0, 200)}`
  })
}

/** A stored record's search fields as its editor's form sends them. */
function searchInput(row: { seo_title: string | null; meta_description: string | null; social_image: string | null; noindex: number }) {
  return {
    seoTitle: row.seo_title ?? '',
    metaDescription: row.meta_description ?? '',
    socialImage: row.social_image ?? '',
    hideFromSearch: row.noindex === 1,
  }
}

/** Everything wrong with the stored content; an empty list when it is intact. */
async function findCorruption(db: Db): Promise<string[]> {
  const problems: string[] = []
  const rowName = (table: string, row: Record<string, unknown>) => `${table} ${String(row.id ?? row.key ?? row.post_id)}`

  for (const table of CONTENT_TABLES) {
    for (const row of (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[]) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string' && /[\u0000\uFFFD]/.test(value)) {
          problems.push(`${rowName(table, row)}: ${column} holds ${value.includes('\u0000') ? 'a NUL' : 'U+FFFD'}: ${preview(value)}`)
        }
        if (column.endsWith('_at') && value !== null && !(typeof value === 'string' && ISO_TIMESTAMP.test(value))) {
          problems.push(`${rowName(table, row)}: ${column} is not an ISO timestamp: ${JSON.stringify(value)}`)
        }
      }
    }
  }

  const tags = new Map<string, string[]>()
  for (const row of await db.selectFrom('post_tags').selectAll().orderBy('position').execute()) {
    tags.set(row.post_id, [...(tags.get(row.post_id) ?? []), row.tag])
  }
  const authorIds = new Set((await db.selectFrom('authors').select('id').execute()).map((row) => row.id))
  const postIds = new Set<string>()
  for (const post of await db.selectFrom('blog_posts').selectAll().execute()) {
    const what = `post ${post.id} (${preview(post.slug)})`
    postIds.add(post.id)
    const year = post.published_at === null ? null : new Date(post.published_at).getUTCFullYear()
    if (year !== null && !(year >= 2000 && year <= 2100)) problems.push(`${what}: published_at is out of range: ${post.published_at}`)
    if ((post.published === 1) !== (post.published_at !== null))
      problems.push(`${what}: published=${post.published} with published_at=${post.published_at}`)
    if (!authorIds.has(post.author_id)) problems.push(`${what}: its author ${post.author_id} does not exist`)
    // The schema also holds the slug to the pattern and length the public page requires.
    const input = {
      title: post.title,
      slug: post.slug,
      content: post.content,
      excerpt: post.excerpt,
      authorId: post.author_id,
      tags: tags.get(post.id) ?? [],
      publish: post.published === 1 ? 'now' : 'draft',
      publishAt: '',
      timeZone: 'UTC',
      ...searchInput(post),
    }
    problems.push(...refusedBy(postSchema, input, what))
  }
  for (const postId of tags.keys()) if (!postIds.has(postId)) problems.push(`post_tags: tags of a post ${postId} that does not exist`)

  for (const author of await db.selectFrom('authors').selectAll().execute()) {
    problems.push(...refusedBy(authorSchema, { name: author.name, email: author.email, bio: author.bio ?? '' }, `author ${author.id}`))
  }
  for (const member of await db.selectFrom('team_members').selectAll().execute()) {
    problems.push(
      ...refusedBy(teamMemberSchema, { name: member.name, role: member.role, bio: member.bio ?? '' }, `team member ${member.id}`),
    )
  }
  for (const study of await db.selectFrom('case_studies').selectAll().execute()) {
    const what = `case study ${preview(study.id)}`
    // Its id is a slug of its title (case-studies.server.ts), cut to at most 60 characters.
    if (!(SLUG_PATTERN.test(study.id) && study.id.length <= 60)) problems.push(`${what}: its id is not a slug of at most 60 characters`)
    let results: string[] = []
    let studyTags: string[] = []
    try {
      results = JSON.parse(study.results) as string[]
      studyTags = JSON.parse(study.tags) as string[]
    } catch {
      problems.push(`${what}: results or tags are not JSON: ${preview(study.results)} ${preview(study.tags)}`)
    }
    const input = {
      title: study.title,
      slug: study.slug,
      ...searchInput(study),
      client: study.client,
      industry: study.industry,
      briefDesc: study.brief_desc,
      challenge: study.challenge,
      solution: study.solution,
      results: results.join('\n'),
      tags: studyTags.join('\n'),
      testimonialQuote: study.testimonial_quote,
      testimonialAuthor: study.testimonial_author,
      testimonialPosition: study.testimonial_position,
      headlineFigure: study.headline_figure ?? '',
      headlineLabel: study.headline_label ?? '',
      draft: study.published === 0,
      image: Boolean(study.image),
    }
    problems.push(...refusedBy(caseStudySchema, input, what))
  }
  for (const t of await db.selectFrom('testimonials').selectAll().execute()) {
    const input = {
      quote: t.quote,
      name: t.name,
      title: t.title ?? '',
      company: t.company ?? '',
      stars: String(t.stars),
      reviewUrl: t.review_url ?? '',
      position: String(t.position),
      showOnHome: t.show_on_home === 1,
      showOnAbout: t.show_on_about === 1,
    }
    problems.push(...refusedBy(testimonialSchema, input, `testimonial ${t.id}`))
  }
  for (const r of await db.selectFrom('redirects').selectAll().execute()) {
    // Saved with the live-page tick if it needed one; the site's own address does not matter to a stored target (it is a path by then).
    problems.push(
      ...refusedBy(
        redirectSchemaFor('http://localhost', marketingPages),
        { fromPath: r.from_path, toTarget: r.to_target, status: String(r.status), replaceLivePage: true },
        `redirect ${preview(r.from_path)}`,
      ),
    )
  }
  for (const inquiry of await db.selectFrom('inquiries').selectAll().execute()) {
    const what = `inquiry ${inquiry.id}`
    const lead = { name: inquiry.name, email: inquiry.email, business: inquiry.business ?? undefined }
    if (inquiry.kind === 'contact') problems.push(...refusedBy(contactSchema, { ...lead, message: inquiry.message ?? '' }, what))
    else if (inquiry.kind === 'playbook') problems.push(...refusedBy(playbookSchema, lead, what))
    else problems.push(`${what}: unknown kind ${JSON.stringify(inquiry.kind)}`)
  }
  // A role outside the three would open what no role should; every e-mail is one the invitation form accepts.
  for (const user of await db.selectFrom('users').select(['email', 'role']).execute()) {
    if (!isRole(user.role)) problems.push(`user ${preview(user.email)}: unknown role ${preview(user.role)}`)
  }
  for (const invitation of await db.selectFrom('invitations').selectAll().execute()) {
    const what = `invitation ${invitation.id}`
    problems.push(...refusedBy(inviteSchema, { email: invitation.email, role: invitation.role }, what))
    if (invitation.email !== invitation.email.toLowerCase())
      problems.push(`${what}: e-mail not folded to lower case: ${preview(invitation.email)}`)
    if (!/^[0-9a-f]{64}$/.test(invitation.token_hash))
      problems.push(`${what}: token_hash is not a SHA-256: ${preview(invitation.token_hash)}`)
  }
  const settingFields = new Map(Object.entries(settingKeys).map(([field, key]) => [key, field as keyof typeof settingKeys]))
  for (const setting of await db.selectFrom('site_settings').selectAll().execute()) {
    const field = settingFields.get(setting.key)
    if (setting.key === NAVIGATION_KEY) problems.push(...storedDocument(setting.value, navigationSchema, 'the menus').problems)
    else if (setting.key === twoFactorRequiredKey) {
      if (!['0', '1'].includes(setting.value))
        problems.push(`setting ${twoFactorRequiredKey}: neither 0 nor 1 but ${preview(setting.value)}`)
    } else if (!field) problems.push(`site_settings: unknown key ${preview(setting.key)}`)
    else problems.push(...refusedBy(siteSettingsSchema.shape[field], setting.value, `setting ${setting.key}`))
  }

  for (const page of await db.selectFrom('pages').selectAll().execute()) {
    const what = `page ${page.id} (${preview(page.path)})`
    const pathRefused = pathProblem(page.path)
    if (pathRefused) problems.push(`${what}: its path is one no page may have (${pathRefused})`)
    if (!page.name.trim() || page.name.length > 80) problems.push(`${what}: its name is empty or too long: ${preview(page.name)}`)
    if ((page.scheduled === null) !== (page.scheduled_at === null))
      problems.push(`${what}: scheduled ${page.scheduled === null ? 'null' : 'set'} with scheduled_at=${page.scheduled_at}`)
    for (const column of ['draft', 'live', 'scheduled'] as const) {
      const json = page[column]
      if (json !== null) problems.push(...storedDocument(json, pageContentSchema, `${what}'s ${column}`).problems)
    }
  }
  const uniqueValues = new Set<string>()
  for (const item of await db.selectFrom('collection_items').selectAll().execute()) {
    const what = `${preview(item.collection)} item ${item.id}`
    if (!isCollectionName(item.collection)) {
      problems.push(`${what}: no such collection`)
      continue
    }
    const stored = storedDocument(item.data, itemSchema(item.collection), what)
    problems.push(...stored.problems)
    const definition: CollectionDefinition = COLLECTIONS[item.collection]
    if (definition.uniqueField) {
      const value = String((stored.value as Record<string, unknown> | undefined)?.[definition.uniqueField])
      const refused = slugProblem(value)
      if (refused) problems.push(`${what}: ${definition.uniqueField} ${preview(value)}: ${refused}`)
      const key = `${item.collection} ${value}`
      if (uniqueValues.has(key)) problems.push(`${what}: another item has the ${definition.uniqueField} ${preview(value)}`)
      uniqueValues.add(key)
    }
  }
  return problems
}

/** The fuzzing's markup and script links, unescaped in a page: stored text or a link that reached the HTML as markup. */
const INJECTED =
  /<script>alert\(1\)|<img src=x onerror|<iframe src="https:\/\/evil|<style>body\{display:none|(?:href|src|action)\s*=\s*["']?\s*(?:java\s*script|vbscript|data:text\/html)/i

/** Every page that shows stored content, public and back office, for the final render check. */
async function pagesShowingStoredContent(db: Db): Promise<{ publicPaths: string[]; adminPaths: string[] }> {
  const now = new Date().toISOString()
  const posts = await db.selectFrom('blog_posts').select(['id', 'slug', 'published', 'published_at']).execute()
  const live = posts.filter((p) => p.published === 1 && p.published_at !== null && p.published_at <= now)
  const listPages = Array.from({ length: Math.max(0, Math.ceil(live.length / 12) - 1) }, (_, i) => `/resources/blog?page=${i + 2}`)
  const ids = async (table: VersionedTable | 'inquiries') =>
    (await db.selectFrom(table).select('id').execute()).map((r) => encodeURIComponent(r.id))
  const pages = await db.selectFrom('pages').selectAll().execute()
  const items = await db.selectFrom('collection_items').select(['id', 'collection']).execute()
  return {
    publicPaths: [
      '/',
      '/about',
      '/case-studies',
      '/industries',
      '/resources/blog',
      ...listPages,
      '/resources/blog/rss.xml',
      '/sitemap.xml',
      ...live.map((p) => postHref(p.slug)),
      ...pages.filter((page) => visibleContent(page, now) !== null).map((page) => page.path),
    ],
    adminPaths: [
      '/admin',
      '/admin/blog',
      '/admin/authors',
      '/admin/team',
      '/admin/case-studies',
      '/admin/testimonials',
      '/admin/redirects',
      '/admin/not-found',
      '/admin/inbox',
      '/admin/inbox/export.csv',
      '/admin/settings',
      '/admin/settings?tab=site',
      '/admin/people',
      '/admin/activity',
      '/admin/account/two-factor',
      ...posts.map((p) => `/admin/blog/edit/${encodeURIComponent(p.id)}`),
      ...(await ids('authors')).map((id) => `/admin/authors/edit/${id}`),
      ...(await ids('team_members')).map((id) => `/admin/team/edit/${id}`),
      ...(await ids('case_studies')).map((id) => `/admin/case-studies/edit/${id}`),
      ...(await ids('testimonials')).map((id) => `/admin/testimonials/edit/${id}`),
      ...(await ids('redirects')).map((id) => `/admin/redirects/edit/${id}`),
      ...(await ids('inquiries')).map((id) => `/admin/inbox/${id}`),
      '/admin/pages',
      '/admin/pages/new',
      ...pages.flatMap(({ id }) => ['edit', 'history', 'preview'].map((screen) => `/admin/pages/${screen}/${encodeURIComponent(id)}`)),
      '/admin/collections',
      ...COLLECTION_NAMES.flatMap((collection) => [`/admin/collections/${collection}`, `/admin/collections/${collection}/new`]),
      ...items.map((item) => `/admin/collections/${item.collection}/edit/${encodeURIComponent(item.id)}`),
      '/admin/navigation',
    ],
  }
}

// ---------------------------------------------------------------------------------------------

describe.each(testDialects)('hostile input to the production server on %s', (dialect) => {
  let server: RunningServer
  let cleanup = async () => {}
  let fx: Fixtures
  /** The server's database, read from the test's side to fill in versions. */
  let database: ReturnType<typeof openDatabase>

  beforeAll(async () => {
    ;({ server, cleanup } = await startFuzzServer(dialect))
    await createAdmin(server, ADMIN.email, ADMIN.password)
    await createAdmin(server, SECOND_ADMIN.email, SECOND_ADMIN.password)
    await createAdmin(server, RESET_TARGET.email, RESET_TARGET.password)
    await createAdmin(server, TWO_FACTOR_ADMIN.email, TWO_FACTOR_ADMIN.password)
    fx = await createFixtures(server)
    database = openDatabase(server.database)
  })
  afterAll(async () => {
    await database?.close()
    await server?.stop()
    await cleanup()
  })

  /** The request with CURRENT_VERSION replaced by the stored version of the record it names, if any. */
  async function withCurrentVersion(route: FormRoute, request: FuzzRequest): Promise<FuzzRequest> {
    const fields = request.fields ?? []
    if (!route.versionOf || !fields.some(([, value]) => value === CURRENT_VERSION)) return request
    if ('setting' in route.versionOf) {
      const key = route.versionOf.setting
      const row = await database.db.selectFrom('site_settings').select('updated_at').where('key', '=', key).executeTakeFirst()
      return {
        ...request,
        fields: fields.map(([name, value]): Field => [name, value === CURRENT_VERSION ? (row?.updated_at ?? '') : value]),
      }
    }
    const id = route.versionOf.idFrom === 'path' ? lastSegment(request.path) : fields.find(([name]) => name === 'id')?.[1]
    // PostgreSQL refuses a NUL in a query; no id is that long.
    if (typeof id !== 'string' || id.includes('\u0000') || id.length > 200) return request
    const row = await database.db.selectFrom(route.versionOf.table).select('updated_at').where('id', '=', id).executeTakeFirst()
    if (!row) return request
    return { ...request, fields: fields.map(([name, value]): Field => [name, value === CURRENT_VERSION ? row.updated_at : value]) }
  }

  /** The request with PENDING_SIGN_IN replaced by the cookie of a second sign-in step waiting now. */
  async function withPendingSignIn(request: FuzzRequest): Promise<FuzzRequest> {
    return request.cookie === PENDING_SIGN_IN ? { ...request, cookie: await fx.pendingSignIn() } : request
  }

  /** The property every request must hold: an answer, and not a 5xx. */
  async function expectNoServerError(request: FuzzRequest) {
    const answer = await send(server.url, request, server.output)
    if (answer.status >= 500) {
      throw new Error(`${describeRequest(request)}\nanswered ${answer.status}; the server printed:\n${answer.log.slice(0, 4_000)}`)
    }
  }

  function check<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns = RUNS) {
    return fc.assert(fc.asyncProperty(arbitrary, predicate), { numRuns, seed: SEED, plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)] })
  }

  it.each(FORM_ROUTES)('answers hostile posts to $name without a 5xx', async (route) => {
    await check(formRequest(route, fx), async (request) =>
      expectNoServerError(await withPendingSignIn(await withCurrentVersion(route, request))),
    )
  })

  it('answers hostile query strings and path parameters without a 5xx', async () => {
    await check(pageRequest(fx), expectNoServerError, RUNS * 4)
  })

  it('answers hostile posts to /admin/logout without a 5xx', async () => {
    // Logging out ends the session it is sent with, so a run that needs one signs in afresh, as
    // another admin: the fuzzed password changes count against the first one's sign-in limit.
    const FRESH_SESSION = 'session=fresh'
    const logout = fc
      .record({
        method: formMethod,
        path: fc.constant('/admin/logout'),
        encoding: formEncoding,
        fields: formFields({}),
        forwardedFor,
        cookie: fc.oneof(fc.constant(FRESH_SESSION), fc.constant(undefined), hostileCookie),
      })
      .map(described)
    await check(
      logout,
      async (request) => {
        const cookie = request.cookie === FRESH_SESSION ? await signInAsAdmin(server, SECOND_ADMIN) : request.cookie
        await expectNoServerError({ ...request, cookie })
      },
      Math.ceil(RUNS / 2),
    )
  })

  it('stores nothing corrupted, and every page showing stored content still renders', async () => {
    const problems = await withServerDb(server, findCorruption)
    const { publicPaths, adminPaths } = await withServerDb(server, pagesShowingStoredContent)
    for (const [paths, headers] of [
      [publicPaths, {}],
      [adminPaths, { Cookie: fx.cookie }],
    ] as const) {
      for (const path of paths) {
        const mark = server.output().length
        const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' })
        const body = await response.text()
        const injected = response.headers.get('Content-Type')?.startsWith('text/html') ? INJECTED.exec(body) : null
        if (injected)
          problems.push(
            `GET ${path} shows markup the fuzzing sent as text: ${preview(body.slice(Math.max(0, injected.index - 80), injected.index + 80))}`,
          )
        if (response.status === 200) continue
        const log = response.status >= 500 ? `; the server printed:\n${server.output().slice(mark, mark + 2_000)}` : ''
        problems.push(`GET ${path} answered ${response.status}${log}`)
      }
    }
    expect(problems).toEqual([])
  })
})
