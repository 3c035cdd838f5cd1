import { BLOG_PATH } from '~/lib/blog-links'
import { caseStudyHref } from '~/lib/case-study-links'
import { nowIso } from '~/lib/ids'
import { MAX_REDIRECT_HOPS, normalisePath, targetPath } from '~/lib/redirect-paths'
import type { RedirectInput } from '~/lib/redirect-schema'
import type { Db, RevisionType } from '~/server/db/schema.server'
import type { FieldErrors } from '~/lib/schemas'
import { getCaseStudyBySlug } from '~/server/repositories/case-studies.server'
import { forgetNotFoundPath } from '~/server/repositories/not-found-paths.server'
import { getPostBySlug } from '~/server/repositories/posts.server'
import {
  deleteRedirectFrom,
  getRedirectFrom,
  listRedirectRoutes,
  putRedirect,
  retargetRedirects,
  saveRedirect,
  type RedirectRecord,
} from '~/server/repositories/redirects.server'
import type { RecordEdit } from '~/server/repositories/versions.server'

/*
 * Links never break. A published page that moves leaves a permanent redirect at its old address;
 * redirects that went to the old address go straight to the new one (A→B then B→C gives A→C and
 * B→C), and content that claims an address wins over a redirect from it, so a redirect never points
 * at itself and no save makes a loop.
 */

/** Content moved from one path to another: call in the transaction of the save that moved it. */
export async function redirectMovedPath(db: Db, fromPath: string, toPath: string): Promise<void> {
  const [from, to] = [normalisePath(fromPath), normalisePath(toPath)]
  await releasePath(db, to)
  if (from === to) return
  await retargetRedirects(db, from, to)
  await putRedirect(db, from, to, 301)
}

/** Content now lives at this path: a redirect from it would hide it, so it goes. */
export const releasePath = (db: Db, path: string) => deleteRedirectFrom(db, normalisePath(path))

/** What a post or case study save knows of the record's address. */
export interface AddressedRecord {
  slug: string
  published?: boolean
  publishedAt?: string | null
}

/**
 * The path a record claims: a post's once it is published or scheduled, a case study's always. A
 * page's moves are the pages service's own (a restore writes only its draft, so never moves it).
 */
function claimedPath(type: RevisionType, record: AddressedRecord): string | null {
  if (type === 'page') return null
  if (type === 'case-study') return caseStudyHref(record.slug)
  return record.published ? `${BLOG_PATH}/${record.slug}` : null
}

/** The path a record answers at now: a post's once its publish time has come. */
function livePath(type: RevisionType, record: AddressedRecord, now: string): string | null {
  if (type === 'post' && !(record.publishedAt && record.publishedAt <= now)) return null
  return claimedPath(type, record)
}

/**
 * After a post or case study is saved, published or restored (in the same transaction): a page
 * that was live and moved redirects from its old path, and a redirect from the path it claims goes.
 */
export async function keepLinksAfterSave(
  db: Db,
  type: RevisionType,
  before: AddressedRecord | null | undefined,
  after: AddressedRecord,
): Promise<void> {
  const [from, to] = [before ? livePath(type, before, nowIso()) : null, claimedPath(type, after)]
  if (!to) return
  if (from) await redirectMovedPath(db, from, to)
  else await releasePath(db, to)
}

/** An admin's redirect: saved, and its path leaves the not-found log. */
export async function saveAdminRedirect(db: Db, input: RedirectInput, edit: RecordEdit) {
  const written = await saveRedirect(db, input, edit)
  if (written.outcome === 'saved') await forgetNotFoundPath(db, input.fromPath)
  return written
}

/**
 * What only the database knows about an admin's redirect: another redirect from the same path, a
 * post or case study at it (named, with the way to move it), or other redirects that would lead
 * back to it. Those pages have no "replace" tick: content wins, so their next save would drop the
 * redirect, and changing a slug leaves the redirect by itself.
 */
export async function redirectConflicts(db: Db, input: RedirectInput, existing: RedirectRecord | null): Promise<FieldErrors> {
  const errors: FieldErrors = {}
  const other = await getRedirectFrom(db, input.fromPath)
  if (other && other.id !== existing?.id) errors.fromPath = 'Another redirect already starts at this path; edit that one instead'
  else {
    const content = await contentAt(db, input.fromPath)
    if (content) errors.fromPath = content
  }
  const loop = await loopBack(db, input, existing)
  if (loop) errors.toTarget = `This would send visitors in a circle: ${loop} already redirects back to ${input.fromPath}`
  return errors
}

/** Why a path is taken by a post (published or scheduled) or a case study, naming it; null when it is not. */
async function contentAt(db: Db, path: string): Promise<string | null> {
  const move = 'Change its slug to move it (its old address then redirects by itself)'
  const postSlug = path.match(/^\/resources\/blog\/([^/]+)$/)?.[1]
  const post = postSlug ? await getPostBySlug(db, postSlug) : undefined
  if (post && post.status !== 'draft') {
    return `The post “${post.title}” ${post.status === 'scheduled' ? 'is scheduled to go live' : 'is published'} at this address. ${move}, unpublish it, or choose another path`
  }
  const studySlug = path.match(/^\/case-studies\/([^/]+)$/)?.[1]
  const study = studySlug ? await getCaseStudyBySlug(db, studySlug) : undefined
  return study ? `The case study “${study.title}” is at this address. ${move}, or choose another path` : null
}

/** The path the new redirect's target leads through that comes back to its start, or null. */
async function loopBack(db: Db, input: RedirectInput, existing: RedirectRecord | null): Promise<string | null> {
  const next = new Map((await listRedirectRoutes(db)).map((route) => [route.fromPath, targetPath(route.toTarget)]))
  if (existing) next.delete(existing.fromPath)
  const first = targetPath(input.toTarget)
  let at = first
  for (let hop = 0; at !== null && hop < MAX_REDIRECT_HOPS; hop++) {
    if (at === input.fromPath) return first
    at = next.get(at) ?? null
  }
  return null
}
