import type { ColumnType, Generated, Kysely } from 'kysely'
import type { ActivityAction, ActivityRecordType, RevisionAction, RevisionType } from '~/lib/activity'
import type { LeadKind, LeadStatus } from '~/lib/leads'

export type {
  AccountAction,
  ActivityAction,
  ActivityRecordType,
  LeadAction,
  PeopleAction,
  ReviewAction,
  RevisionAction,
  RevisionType,
} from '~/lib/activity'

/*
 * The typed shape of every table. Both engines store timestamps as ISO-8601 UTC text and booleans
 * as 0/1 integers, so one set of queries returns the same JavaScript values on SQLite and
 * PostgreSQL (see docs/decisions/002-one-schema-for-sqlite-and-postgresql-text-ids.md).
 */

export interface UsersTable {
  id: string
  email: string
  password_hash: string
  /** 'owner', 'editor' or 'author': what the admin may do (app/lib/admin-access.ts). */
  role: Generated<string>
  last_sign_in_at: string | null
  /** The authenticator secret (base32) once a code confirmed it; null while two-factor sign-in is off. */
  totp_secret: string | null
  /** A secret shown for setup and not yet confirmed; it plays no part in signing in. */
  totp_pending_secret: string | null
  /** The time step of the last code accepted: only a code of a later step is accepted again. */
  totp_last_step: number | null
  /** The name People and the activity log show for the admin; null until an Owner sets one. */
  display_name: string | null
  created_at: string
  updated_at: string
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked table does not leak usable sessions. */
  id: string
  user_id: string
  expires_at: string
  created_at: string
  /** Where the session was opened from, shown in the admin's list of their sessions. */
  user_agent: string | null
  ip_address: string | null
  /** Moves with the sliding expiry, so it is true to within ten minutes. */
  last_seen_at: string | null
}

/**
 * An invitation to join the back office with a role: a single-use link that works until expires_at.
 * Only the SHA-256 (hex) of the link's token is kept. accepted_at is set once, by the one acceptance
 * that wins; an open invitation (not accepted) is unique per e-mail.
 */
export interface InvitationsTable {
  id: string
  token_hash: string
  email: string
  /** 'owner', 'editor' or 'author', as the new admin's role will be. */
  role: string
  /** The inviting owner's user id; null on an accepted invitation once that owner was removed (open ones go with them). */
  invited_by: string | null
  expires_at: string
  accepted_at: string | null
  created_at: string
}

/**
 * A password reset link sent by e-mail: the SHA-256 of its token (never the token), its admin, and
 * until when it works. `used_at` is set by the one reset it allows.
 */
export interface PasswordResetsTable {
  id: string
  user_id: string
  expires_at: string
  used_at: string | null
  created_at: string
}

/**
 * Attempts per key inside a window that opens at the first one: password checks ('email:…',
 * 'ip:…'), reset requests ('reset-email:…', 'reset-ip:…') and leads ('lead-hour-ip:…', 'lead-day-ip:…').
 */
export interface SignInAttemptsTable {
  key: string
  attempts: number
  window_ends_at: string
}

/** A password step waiting for its code: the token's SHA-256, whose, and the browser it was given to. */
export interface PendingSignInsTable {
  id: string
  user_id: string
  browser: string
  expires_at: string
}

/** An admin's single-use recovery codes, as SHA-256 hex of the code without its dashes. */
export interface RecoveryCodesTable {
  id: string
  user_id: string
  code_hash: string
  used_at: string | null
  created_at: string
}

export interface AuthorsTable {
  id: string
  name: string
  email: string
  bio: string | null
  avatar_url: string | null
  created_at: string
  updated_at: string
}

export interface BlogPostsTable {
  id: string
  title: string
  slug: string
  content: string
  excerpt: string
  featured_image: string | null
  published: number
  published_at: string | null
  author_id: string
  /** Title and excerpt folded to lower case for search; see postSearchText. */
  search_text: string
  /** How the page shows in search results and shares, when not its own title, excerpt and image. */
  seo_title: string | null
  meta_description: string | null
  social_image: string | null
  /** 1 keeps the page out of search engines (a robots noindex tag, and out of the sitemap). */
  noindex: Generated<number>
  /** The admin who created the post: an Author may only change their own drafts. */
  created_by: string | null
  /** When the post's Author asked an Editor or Owner to review and publish it. */
  review_requested_at: string | null
  /** The admin who asked for that review: the Author told when the post is sent back or published. */
  review_requested_by: string | null
  /** The Editor or Owner who last sent the post back to its Author instead of publishing it, when, and their note. */
  sent_back_by: string | null
  sent_back_at: string | null
  sent_back_note: string | null
  created_at: string
  updated_at: string
}

/** A tag's old page and the tag it became (migration 0047): the blog list sends the one to the other. */
export interface TagRedirectsTable {
  from_tag: string
  to_tag: string
  created_at: string
}

/** The key a draft's shareable preview links hold (migration 0046); deleting the row stops them all. */
export interface PostPreviewSharesTable {
  post_id: string
  share_key: string
  /** When the last link made with this key stops working. */
  expires_at: string
  created_at: string
}

export interface PostTagsTable {
  post_id: string
  tag: string
  position: number
}

export interface TeamMembersTable {
  id: string
  name: string
  role: string
  bio: string | null
  avatar_url: string | null
  /** Where the member stands on the About page, lowest first, as the team list orders them; 0 until first ordered. */
  position: Generated<number>
  created_at: string
  updated_at: string
}

export interface CaseStudiesTable {
  id: string
  title: string
  client: string
  industry: string
  brief_desc: string
  challenge: string
  solution: string
  /** JSON array of strings. */
  results: string
  image: string
  testimonial_quote: string
  testimonial_author: string
  testimonial_position: string
  /** JSON array of strings. */
  tags: string
  /** The headline result's figure and what it measures ("30 → 4", "missed calls a week"); both or neither. */
  headline_figure: string | null
  headline_label: string | null
  /** Its address, /case-studies/{slug}: the id for studies made before slugs could change. */
  slug: string
  /** How the page shows in search results and shares, when not its own title, excerpt and image. */
  seo_title: string | null
  meta_description: string | null
  social_image: string | null
  /** 1 keeps the page out of search engines (a robots noindex tag, and out of the sitemap). */
  noindex: Generated<number>
  /** 0 keeps the study a draft: only signed-in admins see its page, and no list, block or sitemap shows it. */
  published: Generated<number>
  position: number
  created_at: string
  updated_at: string
}

/** A kept state of a post or case study: the whole record as its editor sees it, as JSON. */
export interface RevisionsTable {
  id: string
  record_type: RevisionType
  record_id: string
  action: RevisionAction
  snapshot: string
  user_email: string | null
  created_at: string
}

/** An editor's autosaved form, per admin and record ('new' before the first save), as JSON. */
export interface DraftsTable {
  record_type: RevisionType
  record_key: string
  user_id: string
  form_values: string
  saved_at: string
}

/**
 * One line of the activity log: a change to a post or case study (with its revision), to a record
 * of another section, the site settings or a lead, an admin's own account, or a change of who may
 * sign in (these last two have no record type).
 */
export interface ActivityTable {
  id: string
  at: string
  user_email: string | null
  action: ActivityAction
  record_type: ActivityRecordType | null
  record_id: string | null
  title: string | null
  revision_id: string | null
  /** On a restore's line: when the revision it brought back was made. */
  restored_revision_at: string | null
}

export interface TestimonialsTable {
  id: string
  quote: string
  name: string
  /** The person's job title. */
  title: string | null
  company: string | null
  stars: number
  /** Where the review can be read (https), the only case the stars show. */
  review_url: string | null
  position: number
  show_on_home: number
  show_on_about: number
  created_at: string
  updated_at: string
}

/** An old address sent on: to a path of the site or to another site, 301 (moved for good) or 302. */
export interface RedirectsTable {
  id: string
  /** Decoded, without a trailing slash: the form the host compares request paths in. */
  from_path: string
  to_target: string
  status: RedirectStatus
  created_at: string
  updated_at: string
}
export type RedirectStatus = 301 | 302

/** A path visitors asked for and got 404, with how often and when. */
export interface NotFoundPathsTable {
  path: string
  hits: number
  first_seen_at: string
  last_seen_at: string
}

/** An uploaded image as stored: the original, re-encoded, with what it shows for people who cannot see it. */
export interface FilesTable {
  bucket: string
  path: string
  /** The media library's handle on the file (its address is bucket and path). */
  id: string
  content_type: string
  size: number
  bytes: Buffer
  /** What the image shows, for screen readers; null when none was given (files stored before alt text). */
  alt: string | null
  /** 1 when the image only decorates, so pages give it an empty alt. */
  decorative: Generated<number>
  /** Pixel size of the stored bytes; null only if a file stored before they were recorded could not be read. */
  width: number | null
  height: number | null
  /** The file's name on the uploader's computer, cleaned (migration 0045); null for files stored before. */
  original_name: string | null
  created_at: string
  /** The version the media library's editor saves over. */
  updated_at: string
}

/** A smaller AVIF or WebP copy of a file, made once at upload and served at its own address. */
export interface FileVariantsTable {
  bucket: string
  path: string
  file_id: string
  content_type: string
  width: number
  height: number
  size: number
  bytes: Buffer
  created_at: string
}

/** A marketing page's search and share fields, by the page's path; a page without a row uses its own. */
export interface PageSearchFieldsTable {
  page: string
  seo_title: string | null
  meta_description: string | null
  social_image: string | null
  noindex: Generated<number>
  updated_at: string
}

/** A page built from blocks; its versions are JSON of app/lib/page-content.ts's PageContent. */
export interface PagesTable {
  id: string
  path: string
  name: string
  template: string
  draft: string
  live: string | null
  scheduled: string | null
  scheduled_at: string | null
  published_at: string | null
  created_at: string
  updated_at: string
  updated_by: string | null
}

/** An item of a collection (app/lib/collections.ts); `data` is its fields as JSON. */
export interface CollectionItemsTable {
  id: string
  collection: string
  position: number
  data: string
  created_at: string
  updated_at: string
}

export interface SiteSettingsTable {
  key: string
  value: string
  updated_at: string
}

export interface InquiriesTable {
  id: string
  kind: LeadKind
  name: string
  email: string
  business: string | null
  message: string | null
  ip: string | null
  created_at: string
  /** When an admin opened it in the inbox; null while unread. */
  read_at: string | null
  /** Where the lead stands in the pipeline; 'new' unless told. */
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>
  /** The first move to a contacted status, or the first note; null until then. */
  first_contacted_at: string | null
  /** Name, e-mail, business and message folded for search (leadSearchText); '' when written by hand. */
  search_text: ColumnType<string, string | undefined, string>
  /** Why the lead was held with the Spam status ('honeypot', 'no-ticket', 'too-fast', 'old-ticket'). */
  spam_reason: string | null
  /** The privacy wording the sender agreed to, its version, and when; null for leads before it. */
  consent_version: string | null
  consent_text: string | null
  consented_at: string | null
  /** The ROI calculator's inputs sent with a playbook request, as JSON. */
  roi_inputs: string | null
  /** Where the lead's visit began (path and UTM query), the site that sent it, and its UTM parameters; null when unknown. */
  landing_page: string | null
  referrer: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  /** The page the form was sent from. */
  form_page: string | null
}

/** Page views per UTC day and path, with the visits that entered the site there. */
export interface PageViewsTable {
  day: string
  path: string
  views: number
  entries: number
}

/** Visits another site sent, per UTC day and its host. */
export interface ReferrerVisitsTable {
  day: string
  host: string
  visits: number
}

/** Visits that came through a UTM-tagged link, per UTC day and campaign ('' for a part not named). */
export interface CampaignVisitsTable {
  day: string
  source: string
  medium: string
  campaign: string
  visits: number
}

/** A lead's history: each status change and each note, with who did it and when. */
export interface InquiryEventsTable {
  id: string
  inquiry_id: string
  type: 'status' | 'note'
  from_status: LeadStatus | null
  to_status: LeadStatus | null
  note: string | null
  author_email: string
  created_at: string
}

/**
 * A notification about a lead waiting to be delivered, or delivered. `payload` is JSON: the owner's
 * e-mail (to, replyTo, subject, text) or the webhook's body. A worker owns a row while
 * `claimed_until` is in the future.
 */
export interface OutboxTable {
  id: string
  channel: 'email' | 'webhook'
  lead_id: string
  payload: string
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  next_attempt_at: string
  last_error: string | null
  claimed_by: string | null
  claimed_until: string | null
  created_at: string
  sent_at: string | null
}

/** One row: a number triggers move on every write to what public pages are built from (migration 0034). */
export interface ContentVersionTable {
  id: number
  version: number
}

/** Internal bookkeeping (seed marker, generated cookie secret); never shown to anyone. */
/** A deleted record kept 30 days with what brings it back (see migration 0044): the Trash. */
export interface TrashTable {
  id: string
  record_type: TrashType
  record_id: string
  name: string
  /** Its public address when it had one, which a restore takes back. */
  address: string | null
  /** JSON: the record as its restore writes it. */
  snapshot: string
  /** JSON array of the uploaded images it holds, kept until the Trash lets it go. */
  images: string
  user_email: string | null
  deleted_at: string
}
export type TrashType = RevisionType | 'team-member' | 'testimonial' | 'author'

export interface AppMetaTable {
  key: string
  value: string
}

/** An instance serving the site, as it last said (every 15 seconds while it runs). */
export interface InstancesTable {
  /** INSTANCE_NAME, or host:pid. */
  name: string
  host: string
  pid: number
  /** The build it runs: its source stamp, or 'development'. */
  version: string
  started_at: string
  last_seen_at: string
}

/** An error an instance logged, kept for the System screen (the newest 200). */
export interface ServerErrorsTable {
  id: string
  occurred_at: string
  instance: string
  /** At most 1,000 characters. */
  message: string
  path: string | null
  request_id: string | null
}

export interface Schema {
  content_version: ContentVersionTable
  users: UsersTable
  sessions: SessionsTable
  invitations: InvitationsTable
  sign_in_attempts: SignInAttemptsTable
  pending_sign_ins: PendingSignInsTable
  password_resets: PasswordResetsTable
  recovery_codes: RecoveryCodesTable
  authors: AuthorsTable
  blog_posts: BlogPostsTable
  post_tags: PostTagsTable
  post_preview_shares: PostPreviewSharesTable
  team_members: TeamMembersTable
  case_studies: CaseStudiesTable
  testimonials: TestimonialsTable
  redirects: RedirectsTable
  tag_redirects: TagRedirectsTable
  not_found_paths: NotFoundPathsTable
  revisions: RevisionsTable
  activity: ActivityTable
  drafts: DraftsTable
  files: FilesTable
  file_variants: FileVariantsTable
  site_settings: SiteSettingsTable
  page_search_fields: PageSearchFieldsTable
  pages: PagesTable
  collection_items: CollectionItemsTable
  inquiries: InquiriesTable
  outbox: OutboxTable
  page_views: PageViewsTable
  referrer_visits: ReferrerVisitsTable
  campaign_visits: CampaignVisitsTable
  inquiry_events: InquiryEventsTable
  app_meta: AppMetaTable
  instances: InstancesTable
  server_errors: ServerErrorsTable
  trash: TrashTable
}

export type Db = Kysely<Schema>
