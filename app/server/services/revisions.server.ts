import { diffLines, diffWordsWithSpace } from 'diff'
import type { LoadContext } from '~/load-context'
import type { Db, RevisionAction, RevisionType } from '~/server/db/schema.server'
import { getAuthor } from '~/server/repositories/authors.server'
import { getCaseStudy, updateCaseStudy, type CaseStudyRecord } from '~/server/repositories/case-studies.server'
import { getPostForEditor, isSlugTaken, updatePost, type Post } from '~/server/repositories/posts.server'
import { addRevision } from '~/server/repositories/revisions.server'
import type { User } from './users.server'

/** Which records keep revisions, and how to read one as a revision keeps it (no version stamp). */
export interface RevisionSpec {
  type: RevisionType
  snapshot: (db: Db, id: string) => Promise<object | undefined>
}

const withoutVersion = <R extends { version: string }>(record: R | undefined) => {
  if (!record) return undefined
  const { version: _version, ...kept } = record
  return kept
}

export const postRevisions: RevisionSpec = { type: 'post', snapshot: async (db, id) => withoutVersion(await getPostForEditor(db, id)) }
export const caseStudyRevisions: RevisionSpec = { type: 'case-study', snapshot: async (db, id) => withoutVersion(await getCaseStudy(db, id)) }

/**
 * Keeps the record as `db` now sees it as a revision by `user`: inside the write's transaction, so
 * the save and its revision land together. A delete passes the snapshot it read before deleting.
 */
export async function keepRevision(
  db: Db,
  context: LoadContext,
  spec: RevisionSpec,
  change: { recordId: string; action: RevisionAction; user: User; snapshot?: object },
): Promise<void> {
  const snapshot = change.snapshot ?? (await spec.snapshot(db, change.recordId))
  if (!snapshot) return
  await addRevision(db, { type: spec.type, recordId: change.recordId, action: change.action, snapshot, userEmail: change.user.email }, context.config.revisionsKept)
}

/** Why a revision could not be brought back, in the words the screen shows; null when it was. */
export type RestoreRefusal = 'stale' | 'gone' | 'slug-taken' | 'author-gone' | null

/**
 * Writes a revision's text back over the record as it stands (at the version the screen showed) and
 * keeps the result as a new 'restored' revision, so history only grows. The image stays as it is:
 * a replaced image's file is not kept.
 */
export async function restoreRevision(db: Db, context: LoadContext, spec: RevisionSpec, change: { recordId: string; version: string; snapshot: Record<string, unknown>; user: User }): Promise<RestoreRefusal> {
  return db.transaction().execute(async (trx) => {
    const refusal = spec.type === 'post' ? await restorePost(trx, change) : await restoreCaseStudy(trx, change)
    if (!refusal) await keepRevision(trx, context, spec, { recordId: change.recordId, action: 'restored', user: change.user })
    return refusal
  })
}

async function restorePost(db: Db, { recordId, version, snapshot }: { recordId: string; version: string; snapshot: Record<string, unknown> }): Promise<RestoreRefusal> {
  const post = snapshot as unknown as Post
  if (await isSlugTaken(db, post.slug, recordId)) return 'slug-taken'
  if (!(await getAuthor(db, post.authorId))) return 'author-gone'
  const { outcome } = await updatePost(db, recordId, version, { title: post.title, slug: post.slug, content: post.content, excerpt: post.excerpt, published: post.published, publishedAt: post.publishedAt, authorId: post.authorId, tags: post.tags }, null)
  return outcome === 'saved' ? null : outcome
}

async function restoreCaseStudy(db: Db, { recordId, version, snapshot }: { recordId: string; version: string; snapshot: Record<string, unknown> }): Promise<RestoreRefusal> {
  const { id: _id, imageUrl: _imageUrl, ...fields } = snapshot as unknown as CaseStudyRecord
  const { outcome } = await updateCaseStudy(db, recordId, version, { ...fields, headline: fields.headline ?? null }, null)
  return outcome === 'saved' ? null : outcome
}

/** The fields a comparison shows, in the editor's order, with the editor's labels. */
const FIELDS: Record<RevisionType, [key: string, label: string][]> = {
  post: [
    ['title', 'Title'],
    ['slug', 'Slug'],
    ['excerpt', 'Excerpt'],
    ['content', 'Content'],
    ['tags', 'Tags'],
    ['published', 'Published'],
    ['publishedAt', 'Publish time'],
    ['authorId', 'Author'],
    ['imageUrl', 'Featured image'],
  ],
  'case-study': [
    ['title', 'Title'],
    ['client', 'Client'],
    ['industry', 'Industry'],
    ['briefDesc', 'Brief description'],
    ['challenge', 'Challenge'],
    ['solution', 'Solution'],
    ['results', 'Results'],
    ['headline', 'Headline result'],
    ['testimonial', 'Testimonial'],
    ['tags', 'Tags'],
    ['position', 'Order'],
    ['imageUrl', 'Image'],
  ],
}

/** A part of a compared field: kept, added (in the newer) or removed (from the older). */
export interface ChangePart {
  value: string
  change: 'kept' | 'added' | 'removed'
}

/** A value as the comparison reads it: lists one item per line, a pair as 'figure: label', yes or no. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.join('\n')
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'object') return Object.values(value).join(' · ')
  return String(value)
}

/** What changed from one revision to another, field by field (unchanged fields are left out). */
export function revisionChanges(type: RevisionType, older: Record<string, unknown>, newer: Record<string, unknown>): { label: string; parts: ChangePart[] }[] {
  return FIELDS[type].flatMap(([key, label]) => {
    const [before, after] = [asText(older[key]), asText(newer[key])]
    if (before === after) return []
    // Long text is compared line by line, the rest word by word.
    const parts = key === 'content' ? diffLines(before, after) : diffWordsWithSpace(before, after)
    return [{ label, parts: parts.map((part) => ({ value: part.value, change: part.added ? 'added' : part.removed ? 'removed' : 'kept' })) }]
  })
}
