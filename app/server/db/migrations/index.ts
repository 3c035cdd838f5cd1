import type { Kysely, Migration } from 'kysely'
import type { Dialect } from '../dialect.server'
import * as initial from './2026_11_22_0001_initial'
import * as inquiryIp from './2026_11_22_0002_inquiry_ip'
import * as postSearchText from './2026_11_22_0003_post_search_text'
import * as inquiryRead from './2026_11_22_0004_inquiry_read'
import * as signInAttempts from './2026_11_23_0005_sign_in_attempts'
import * as testimonials from './2026_11_23_0006_testimonials'
import * as leadPipeline from './2026_11_23_0007_lead_pipeline'
import * as outbox from './2026_11_23_0008_outbox'
import * as leadEvidence from './2026_11_23_0009_lead_evidence'
import * as attribution from './2026_11_24_0010_attribution'
import * as caseStudyHeadline from './2026_11_25_0011_case_study_headline'
import * as revisions from './2026_11_25_0012_revisions'
import * as activity from './2026_11_25_0013_activity'
import * as drafts from './2026_11_25_0014_drafts'
import * as searchFields from './2026_11_25_0017_search_fields'
import * as redirects from './2026_11_25_0018_redirects'
import * as mediaDetails from './2026_11_25_0019_media_details'
import * as adminRoles from './2026_11_25_0020_admin_roles'
import * as passwordResets from './2026_11_25_0021_password_resets'
import * as twoFactor from './2026_11_25_0022_two_factor'
import * as invitations from './2026_11_25_0023_invitations'
import * as pendingSignIns from './2026_11_26_0024_pending_sign_ins'
import * as restoredRevision from './2026_11_26_0025_restored_revision'
import * as displayNames from './2026_11_26_0026_display_names'
import * as reviewNotes from './2026_11_27_0028_review_notes'
import * as activityFilters from './2026_11_27_0029_activity_filters'
import * as pages from './2026_11_27_0030_pages'
import * as recordOrder from './2026_11_27_0031_record_order'
import * as collections from './2026_11_27_0032_collections'
import * as oneClientPerFigure from './2026_11_27_0033_one_client_per_figure'
import * as contentVersion from './2026_11_27_0034_content_version'
import * as closingCalls from './2026_11_27_0035_closing_calls'
import * as oneBookingLabel from './2026_11_28_0036_one_booking_label'
import * as pricing from './2026_11_28_0037_pricing'
import * as homeProof from './2026_11_28_0038_home_proof'
import * as healthcareAndLegal from './2026_11_28_0039_healthcare_and_legal'
import * as founderFirst from './2026_11_28_0040_founder_first'
import * as closingCallsEverywhere from './2026_11_28_0041_closing_calls_everywhere'
import * as pageHeroes from './2026_11_28_0042_page_heroes'
import * as locationsWithoutAPlaceholder from './2026_11_28_0043_locations_without_a_placeholder'
import * as trash from './2026_11_28_0044_trash'
import * as fileOriginalNames from './2026_11_28_0045_file_original_names'
import * as postPreviewShares from './2026_11_28_0046_post_preview_shares'
import * as tagRedirects from './2026_11_28_0047_tag_redirects'
import * as instances from './2026_11_28_0048_instances'
import * as serverErrors from './2026_11_28_0049_server_errors'

interface DialectMigration {
  up(db: Kysely<any>, dialect: Dialect): Promise<void>
  down?(db: Kysely<any>, dialect: Dialect): Promise<void>
}

// Listed statically (not read from disk) so the same list works from source and from a bundle.
// Names sort in run order; append new files at the end.
const migrations: Record<string, DialectMigration> = {
  '2026_11_22_0001_initial': initial,
  '2026_11_22_0002_inquiry_ip': inquiryIp,
  '2026_11_22_0003_post_search_text': postSearchText,
  '2026_11_22_0004_inquiry_read': inquiryRead,
  '2026_11_23_0005_sign_in_attempts': signInAttempts,
  '2026_11_23_0006_testimonials': testimonials,
  '2026_11_23_0007_lead_pipeline': leadPipeline,
  '2026_11_23_0008_outbox': outbox,
  '2026_11_23_0009_lead_evidence': leadEvidence,
  '2026_11_24_0010_attribution': attribution,
  '2026_11_25_0011_case_study_headline': caseStudyHeadline,
  '2026_11_25_0012_revisions': revisions,
  '2026_11_25_0013_activity': activity,
  '2026_11_25_0014_drafts': drafts,
  '2026_11_25_0017_search_fields': searchFields,
  '2026_11_25_0018_redirects': redirects,
  '2026_11_25_0019_media_details': mediaDetails,
  '2026_11_25_0020_admin_roles': adminRoles,
  '2026_11_25_0021_password_resets': passwordResets,
  '2026_11_25_0022_two_factor': twoFactor,
  '2026_11_25_0023_invitations': invitations,
  '2026_11_26_0024_pending_sign_ins': pendingSignIns,
  '2026_11_26_0025_restored_revision': restoredRevision,
  '2026_11_26_0026_display_names': displayNames,
  '2026_11_27_0028_review_notes': reviewNotes,
  '2026_11_27_0029_activity_filters': activityFilters,
  '2026_11_27_0030_pages': pages,
  '2026_11_27_0031_record_order': recordOrder,
  '2026_11_27_0032_collections': collections,
  '2026_11_27_0033_one_client_per_figure': oneClientPerFigure,
  '2026_11_27_0034_content_version': contentVersion,
  '2026_11_27_0035_closing_calls': closingCalls,
  '2026_11_28_0036_one_booking_label': oneBookingLabel,
  '2026_11_28_0037_pricing': pricing,
  '2026_11_28_0038_home_proof': homeProof,
  '2026_11_28_0039_healthcare_and_legal': healthcareAndLegal,
  '2026_11_28_0040_founder_first': founderFirst,
  '2026_11_28_0041_closing_calls_everywhere': closingCallsEverywhere,
  '2026_11_28_0042_page_heroes': pageHeroes,
  '2026_11_28_0043_locations_without_a_placeholder': locationsWithoutAPlaceholder,
  '2026_11_28_0044_trash': trash,
  '2026_11_28_0045_file_original_names': fileOriginalNames,
  '2026_11_28_0046_post_preview_shares': postPreviewShares,
  '2026_11_28_0047_tag_redirects': tagRedirects,
  '2026_11_28_0048_instances': instances,
  '2026_11_28_0049_server_errors': serverErrors,
}

/** Kysely migrations cannot detect the engine, so each one is handed it explicitly. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, m]) => [
      name,
      { up: (db: Kysely<any>) => m.up(db, dialect), down: m.down && ((db: Kysely<any>) => m.down!(db, dialect)) },
    ]),
  )
}
