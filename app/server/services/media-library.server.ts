import { marketingPages } from '~/content/pages'
import { pageKey } from '~/lib/marketing-pages'
import { adminSection } from '~/lib/admin-sections'
import { COLLECTIONS } from '~/lib/collections'
import { BUCKETS, fileName, mediaUrl, type Bucket } from '~/lib/images'
import type { Db } from '~/server/db/schema.server'
import { authorImageUses } from '~/server/repositories/authors.server'
import { caseStudyImageUses } from '~/server/repositories/case-studies.server'
import { collectionImageUses } from '~/server/repositories/collection-items.server'
import { deleteVariantsOf } from '~/server/repositories/file-variants.server'
import { deleteFileAtVersion, getFile, listFiles, type ImageUse, type StoredFile } from '~/server/repositories/files.server'
import { pageImageUses as listImageUses } from '~/server/repositories/page-search-fields.server'
import { pageImageUses } from '~/server/repositories/pages.server'
import { postImageUses } from '~/server/repositories/posts.server'
import { revisionImages } from '~/server/repositories/revisions.server'
import { teamMemberImageUses } from '~/server/repositories/team-members.server'
import type { RecordWrite } from '~/server/repositories/versions.server'

/*
 * The media library: every uploaded image with where it is shown, its alt text edited in one place,
 * and a delete that refuses while anything still shows the image (or could bring it back).
 */

/** One place an image is shown, said the way the library lists it, with the editor that changes it. */
export interface FileUsePlace {
  label: string
  href: string
}

export type LibraryFile = StoredFile & { url: string; uses: FileUsePlace[] }

const editorOf = (section: Parameters<typeof adminSection>[0], id: string) => `${adminSection(section).path}/edit/${id}`

/**
 * Where every uploaded image is shown, by its address: posts, case studies, authors, team members,
 * pages (their pictures and social images, in any version), collection items (an industry's
 * picture), the record lists' social images, and deleted posts and case studies that can still be
 * restored with it. A handful of queries for the whole library, whatever its size.
 */
export async function imageUses(db: Db): Promise<Map<string, FileUsePlace[]>> {
  const [posts, studies, authors, team, pages, items, lists, revisions] = await Promise.all([
    postImageUses(db),
    caseStudyImageUses(db),
    authorImageUses(db),
    teamMemberImageUses(db),
    pageImageUses(db),
    collectionImageUses(db),
    listImageUses(db),
    revisionImages(db),
  ])
  const uses = new Map<string, FileUsePlace[]>()
  const add = (url: string, place: FileUsePlace) => {
    const known = uses.get(url) ?? []
    if (!known.some((p) => p.label === place.label)) uses.set(url, [...known, place])
  }
  const live = (list: ImageUse[], kind: string, href: (use: ImageUse) => string) => {
    for (const use of list) add(use.url, { label: `${kind} “${use.title}” (${use.role.toLowerCase()})`, href: href(use) })
  }
  live(posts, 'Post', (use) => editorOf('posts', use.recordId))
  live(studies, 'Case study', (use) => editorOf('case-studies', use.recordId))
  live(authors, 'Author', (use) => editorOf('authors', use.recordId))
  live(team, 'Team member', (use) => editorOf('team', use.recordId))
  live(pages, 'Page', (use) => editorOf('pages', use.recordId))
  for (const use of items) {
    const { item } = COLLECTIONS[use.collection]
    const kind = item.charAt(0).toUpperCase() + item.slice(1)
    live([use], kind, () => `/admin/collections/${use.collection}/edit/${use.recordId}`)
  }
  // A record list's search fields are stored by its path; its editor is found by its key.
  const listAt = (path: string) => marketingPages.find((page) => page.path === path)
  live(
    lists.map((use) => ({ ...use, title: listAt(use.recordId)?.name ?? use.title })),
    'Page',
    (use) => {
      const page = listAt(use.recordId)
      return page ? editorOf('search-and-sharing', pageKey(page)) : use.recordId
    },
  )
  // A deleted post or case study keeps its image for its restore; an existing one's older images are
  // deleted when replaced, so only records that are gone count here.
  const existing = new Set([...posts, ...studies].map((use) => use.recordId))
  const livingRecords = await recordsThatExist(
    db,
    revisions.map((r) => r.recordId),
  )
  for (const revision of revisions) {
    if (existing.has(revision.recordId) || livingRecords.has(revision.recordId)) continue
    const [kind, section] = revision.type === 'post' ? (['post', 'posts'] as const) : (['case study', 'case-studies'] as const)
    add(revision.imageUrl, {
      label: `Deleted ${kind} “${revision.title}” (can be restored for 30 days)`,
      href: `${adminSection(section).path}/history/${revision.recordId}`,
    })
  }
  return uses
}

/** Which of these ids are posts or case studies that exist (a revision of one is not a kept image). */
async function recordsThatExist(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const unique = [...new Set(ids)]
  const [posts, studies] = await Promise.all([
    db.selectFrom('blog_posts').select('id').where('id', 'in', unique).execute(),
    db.selectFrom('case_studies').select('id').where('id', 'in', unique).execute(),
  ])
  return new Set([...posts, ...studies].map((row) => row.id))
}

/** The media library's rows: every uploaded image, newest first, with where each is used. */
export async function listLibrary(db: Db): Promise<LibraryFile[]> {
  const [files, uses] = await Promise.all([listFiles(db, BUCKETS), imageUses(db)])
  return files.map((file) => {
    const url = mediaUrl(file.bucket as Bucket, file.path)
    return { ...file, url, uses: uses.get(url) ?? [] }
  })
}

/** One image for its editor, with where it is used. */
export async function getLibraryFile(db: Db, id: string): Promise<LibraryFile | undefined> {
  const file = await getFile(db, id)
  if (!file || !BUCKETS.includes(file.bucket as Bucket)) return undefined
  const url = mediaUrl(file.bucket as Bucket, file.path)
  return { ...file, url, uses: (await imageUses(db)).get(url) ?? [] }
}

/** Why an image cannot be deleted yet (every place that shows it), or null when nothing does. */
export async function deleteRefusal(db: Db, id: string): Promise<string | null> {
  const file = await getLibraryFile(db, id)
  if (!file || file.uses.length === 0) return null
  const places = file.uses.map((use) => use.label).join('; ')
  return `This image can’t be deleted while it’s in use. Remove it from ${places} first.`
}

/** Deletes an image and its copies at the version the library showed. */
export async function deleteLibraryFile(db: Db, id: string, version: string): Promise<RecordWrite> {
  const deleted = await deleteFileAtVersion(db, id, version)
  if (deleted.outcome !== 'saved') return { outcome: deleted.outcome }
  await deleteVariantsOf(db, id)
  return { outcome: deleted.outcome, name: fileName(deleted.path) }
}
