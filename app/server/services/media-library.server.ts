import { marketingPages } from '~/content/pages'
import { pageKey } from '~/lib/marketing-pages'
import { adminSection } from '~/lib/admin-sections'
import { COLLECTIONS } from '~/lib/collections'
import { BUCKETS, fileName, mediaAddressesIn, mediaUrl, parseMediaUrl, type Bucket, type ImageText } from '~/lib/images'
import type { Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { authorImageUses } from '~/server/repositories/authors.server'
import { caseStudyImageUses } from '~/server/repositories/case-studies.server'
import { collectionImageUses } from '~/server/repositories/collection-items.server'
import { deleteVariantsOf } from '~/server/repositories/file-variants.server'
import { deleteFileAtVersion, getFile, getFileAt, listFiles, type ImageUse, type StoredFile } from '~/server/repositories/files.server'
import { pageImageUses as listImageUses } from '~/server/repositories/page-search-fields.server'
import { pageImageUses } from '~/server/repositories/pages.server'
import { postImageUses } from '~/server/repositories/posts.server'
import { trashImages } from '~/server/repositories/trash.server'
import { teamMemberImageUses } from '~/server/repositories/team-members.server'
import type { RecordWrite } from '~/server/repositories/versions.server'
import { prepareImage, storeImage, type ImagePlace } from '~/server/services/media.server'

/*
 * The media library: every uploaded image with where it is shown, its alt text edited in one place,
 * and a delete that refuses while anything still shows the image (or could bring it back).
 */

/** One place an image is shown, said the way the library lists it, with the editor that changes it. */
export interface FileUsePlace {
  label: string
  href: string
}

/** A stored file as the library shows it: its address, its name (its own, or its stored one for files from before) and its uses. */
export type LibraryFile = StoredFile & { url: string; name: string; uses: FileUsePlace[] }

/** The name people know a file by: the one it had when uploaded, else its stored name. */
const nameOf = (file: { originalName: string | null; path: string }) => file.originalName ?? fileName(file.path)

const inLibrary = (file: StoredFile, uses: Map<string, FileUsePlace[]>): LibraryFile => {
  const url = mediaUrl(file.bucket as Bucket, file.path)
  return { ...file, url, name: nameOf(file), uses: uses.get(url) ?? [] }
}

const editorOf = (section: Parameters<typeof adminSection>[0], id: string) => `${adminSection(section).path}/edit/${id}`

/**
 * Where every uploaded image is shown, by its address: posts, case studies, authors, team members,
 * pages (their pictures and social images, in any version), collection items (an industry's
 * picture), the record lists' social images, and records in the Trash, which can still be restored
 * with it. A handful of queries for the whole library, whatever its size.
 */
export async function imageUses(db: Db): Promise<Map<string, FileUsePlace[]>> {
  const [posts, inText, studies, authors, team, pages, items, lists, trash] = await Promise.all([
    postImageUses(db),
    postTextImageUses(db),
    caseStudyImageUses(db),
    authorImageUses(db),
    teamMemberImageUses(db),
    pageImageUses(db),
    collectionImageUses(db),
    listImageUses(db),
    trashImages(db),
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
  live(inText, 'Post', (use) => editorOf('posts', use.recordId))
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
  // A record in the Trash keeps its images until the Trash lets it go, so it can come back with them.
  for (const { url, name } of trash) add(url, { label: `In the Trash: ${name}`, href: '/admin/trash' })
  return uses
}

/**
 * Images shown inside posts' text: each post whose Markdown holds an image's address. The database
 * picks the posts that mention /media/ at all; their addresses are read here.
 */
async function postTextImageUses(db: Db): Promise<ImageUse[]> {
  const posts = await db.selectFrom('blog_posts').select(['id', 'title', 'content']).where('content', 'like', '%/media/%').execute()
  return posts.flatMap((post) =>
    mediaAddressesIn(post.content).map((url) => ({
      url,
      recordId: post.id,
      title: post.title,
      role: 'In the text',
    })),
  )
}

/** The media library's rows: every uploaded image, newest first, with where each is used. */
export async function listLibrary(db: Db): Promise<LibraryFile[]> {
  const [files, uses] = await Promise.all([listFiles(db, BUCKETS), imageUses(db)])
  return files.map((file) => inLibrary(file, uses))
}

/** One image for its editor, with where it is used. */
export async function getLibraryFile(db: Db, id: string): Promise<LibraryFile | undefined> {
  const file = await getFile(db, id)
  if (!file || !BUCKETS.includes(file.bucket as Bucket)) return undefined
  return inLibrary(file, await imageUses(db))
}

/** An image just uploaded, as the post editor inserts it: its address, alt text ('' when decorative), size and name. */
export interface UploadedImage {
  id: string
  url: string
  alt: string
  width: number | null
  height: number | null
  name: string
}

/**
 * Uploads one image on its own, not as part of a record (the library's Upload Image, an image put in
 * a post's text): checked and re-encoded by the media service, then stored with its alt text and its
 * line in the activity log in one transaction. Throws ImageRejected with the message to show.
 */
export async function uploadImage(
  db: Db,
  upload: { file: File; place: ImagePlace; text: ImageText; userEmail: string },
): Promise<UploadedImage> {
  const prepared = await prepareImage(upload.file, upload.place)
  return db.transaction().execute(async (trx) => {
    const url = await storeImage(trx, prepared, upload.text)
    const stored = parseMediaUrl(url)!
    const file = (await getFileAt(trx, stored.bucket, stored.path))!
    await recordActivity(trx, {
      user_email: upload.userEmail,
      action: 'created',
      record_type: 'media',
      record_id: file.id,
      title: nameOf(file),
    })
    return {
      id: file.id,
      url,
      alt: file.decorative ? '' : (file.alt ?? ''),
      width: file.width,
      height: file.height,
      name: nameOf(file),
    }
  })
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
  return { outcome: deleted.outcome, name: nameOf(deleted) }
}
