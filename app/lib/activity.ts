import type { RecordSectionName, SiteContent } from './admin-sections'

/*
 * The words of the activity log and of revisions, as stored: what was done, and to what kind of
 * record. The database schema (server/db/schema.server.ts) types its columns with them.
 */

export type RevisionType = 'post' | 'case-study' | 'page'
/** 'scheduled': a page's change set to go live at a time. */
export type RevisionAction = 'created' | 'updated' | 'published' | 'scheduled' | 'unpublished' | 'restored' | 'deleted'
/** An Author asking for a post to be reviewed, and a reviewer sending it back with a note. */
export type ReviewAction = 'review-requested' | 'sent-back'
/** A post's preview link made for someone without an account, and all its links turned off. */
export type PreviewAction = 'preview-shared' | 'preview-unshared'
/** A lead moved from one status to another (the title says which); a deleted lead is 'deleted'. */
export type LeadAction = 'status-changed'
/** A section's list put in a new order by hand (the title says who moved where). */
export type ListAction = 'reordered'
/**
 * What a line is about: a post, case study or page (by its revision type), a record of another back-office
 * section (by the section's name: 'team', 'redirects', 'media' ...), the site settings, or a lead.
 */
export type ActivityRecordType =
  RevisionType | Exclude<RecordSectionName, 'posts' | 'case-studies' | 'pages'> | 'site-settings' | 'lead' | SiteContent
/** Changes to who may sign in: their line's title names the person (and the role) concerned. */
export type PeopleAction =
  | 'invited'
  | 'invitation-resent'
  | 'invitation-revoked'
  | 'joined'
  | 'role-changed'
  | 'removed'
  | 'renamed'
  | 'reset-sent'
  | 'two-factor-removed'
/** What an admin did to sign in or to their own sign-in; `title` may say how (with a recovery code). */
export type AccountAction =
  'signed-in' | 'sign-in-failed' | 'password-reset' | 'password-changed' | 'two-factor-on' | 'two-factor-off' | 'recovery-codes-renewed'
/** Everything a line of the log can say was done. */
export type ActivityAction = RevisionAction | ReviewAction | PreviewAction | LeadAction | ListAction | AccountAction | PeopleAction
