import { newId, nowIso } from '~/lib/ids'
import type { ImageText } from '~/lib/images'
import type { Db } from '~/server/db/schema.server'
import { nextVersion, type WriteOutcome } from '~/server/repositories/versions.server'

/** A stored file as the media library shows it: everything but its bytes. */
export interface StoredFile {
  id: string
  bucket: string
  path: string
  contentType: string
  size: number
  alt: string | null
  decorative: boolean
  width: number | null
  height: number | null
  /** Its name on the uploader's computer; null for files stored before names were kept. */
  originalName: string | null
  createdAt: string
  version: string
}

const shownColumns = [
  'id',
  'bucket',
  'path',
  'content_type',
  'size',
  'alt',
  'decorative',
  'width',
  'height',
  'original_name',
  'created_at',
  'updated_at',
] as const

function toStoredFile(row: {
  id: string
  bucket: string
  path: string
  content_type: string
  size: number
  alt: string | null
  decorative: number
  width: number | null
  height: number | null
  original_name: string | null
  created_at: string
  updated_at: string
}): StoredFile {
  return {
    id: row.id,
    bucket: row.bucket,
    path: row.path,
    contentType: row.content_type,
    size: Number(row.size),
    alt: row.alt,
    decorative: row.decorative === 1,
    width: row.width,
    height: row.height,
    originalName: row.original_name,
    createdAt: row.created_at,
    version: row.updated_at,
  }
}

/** Stores a file's bytes with what it shows; returns its id. */
export async function insertFile(
  db: Db,
  file: {
    bucket: string
    path: string
    contentType: string
    bytes: Buffer
    width: number | null
    height: number | null
    originalName: string | null
  } & ImageText,
): Promise<string> {
  const id = newId()
  const now = nowIso()
  await db
    .insertInto('files')
    .values({
      id,
      bucket: file.bucket,
      path: file.path,
      content_type: file.contentType,
      size: file.bytes.length,
      bytes: file.bytes,
      alt: file.alt,
      decorative: file.decorative ? 1 : 0,
      width: file.width,
      height: file.height,
      original_name: file.originalName,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return id
}

/** The bytes to serve at a file's address. */
export function readFileBytes(db: Db, bucket: string, path: string) {
  return db
    .selectFrom('files')
    .select(['content_type as contentType', 'size', 'bytes'])
    .where('bucket', '=', bucket)
    .where('path', '=', path)
    .executeTakeFirst()
}

/** Every uploaded file in the buckets given, newest first, without bytes. */
export async function listFiles(db: Db, buckets: readonly string[]): Promise<StoredFile[]> {
  const rows = await db
    .selectFrom('files')
    .select(shownColumns)
    .where('bucket', 'in', buckets)
    .orderBy('created_at', 'desc')
    .orderBy('path')
    .execute()
  return rows.map(toStoredFile)
}

export async function getFile(db: Db, id: string): Promise<StoredFile | undefined> {
  const row = await db.selectFrom('files').select(shownColumns).where('id', '=', id).executeTakeFirst()
  return row && toStoredFile(row)
}

export async function getFileAt(db: Db, bucket: string, path: string): Promise<StoredFile | undefined> {
  const row = await db.selectFrom('files').select(shownColumns).where('bucket', '=', bucket).where('path', '=', path).executeTakeFirst()
  return row && toStoredFile(row)
}

/** A file with its smaller copies (smallest first), as a page draws it. */
export type DrawnFile = Pick<StoredFile, 'bucket' | 'path' | 'alt' | 'decorative' | 'width' | 'height'> & {
  variants: { path: string; contentType: string; width: number }[]
}

/** The files at these paths with their copies, for drawing them: one query whatever the number. */
export async function filesToDraw(db: Db, paths: string[]): Promise<DrawnFile[]> {
  if (paths.length === 0) return []
  const rows = await db
    .selectFrom('files')
    .leftJoin('file_variants', 'file_variants.file_id', 'files.id')
    .select([
      'files.bucket',
      'files.path',
      'files.alt',
      'files.decorative',
      'files.width',
      'files.height',
      'file_variants.path as variant_path',
      'file_variants.content_type as variant_type',
      'file_variants.width as variant_width',
    ])
    .where('files.path', 'in', [...new Set(paths)])
    .orderBy('file_variants.width')
    .execute()
  const files = new Map<string, DrawnFile>()
  for (const row of rows) {
    const key = `${row.bucket}/${row.path}`
    const file = files.get(key) ?? {
      bucket: row.bucket,
      path: row.path,
      alt: row.alt,
      decorative: row.decorative === 1,
      width: row.width,
      height: row.height,
      variants: [],
    }
    files.set(key, file)
    if (row.variant_path && row.variant_type && row.variant_width !== null)
      file.variants.push({ path: row.variant_path, contentType: row.variant_type, width: Number(row.variant_width) })
  }
  return [...files.values()]
}

const textColumns = (text: ImageText) => ({ alt: text.decorative ? null : text.alt, decorative: text.decorative ? 1 : 0 })

/** Sets the alt text of the file at an address, from the editor of the record that shows it. */
export async function setFileText(db: Db, bucket: string, path: string, text: ImageText): Promise<void> {
  await db
    .updateTable('files')
    .set({ ...textColumns(text), updated_at: nowIso() })
    .where('bucket', '=', bucket)
    .where('path', '=', path)
    .execute()
}

/** Sets a file's alt text over the version the media library showed; 'stale' or 'gone' when it no longer holds. */
export async function saveFileText(db: Db, id: string, version: string, text: ImageText): Promise<WriteOutcome> {
  const updated = await db
    .updateTable('files')
    .set({ ...textColumns(text), updated_at: nextVersion(version) })
    .where('id', '=', id)
    .where('updated_at', '=', version)
    .executeTakeFirst()
  if (updated.numUpdatedRows > 0n) return 'saved'
  return (await db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst()) ? 'stale' : 'gone'
}

/** Deletes the file at an address; returns its id (for its copies), or undefined when there was none. */
export async function deleteFileAt(db: Db, bucket: string, path: string): Promise<string | undefined> {
  const deleted = await db.deleteFrom('files').where('bucket', '=', bucket).where('path', '=', path).returning('id').executeTakeFirst()
  return deleted?.id
}

/** Deletes a file at the version the media library showed; returns where it was, or why not. */
export async function deleteFileAtVersion(
  db: Db,
  id: string,
  version: string,
): Promise<{ outcome: 'saved'; bucket: string; path: string; originalName: string | null } | { outcome: 'stale' | 'gone' }> {
  const deleted = await db
    .deleteFrom('files')
    .where('id', '=', id)
    .where('updated_at', '=', version)
    .returning(['bucket', 'path', 'original_name'])
    .executeTakeFirst()
  if (deleted) return { outcome: 'saved', bucket: deleted.bucket, path: deleted.path, originalName: deleted.original_name }
  return { outcome: (await db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst()) ? 'stale' : 'gone' }
}

/** A record showing one of our uploaded images: which record, and as what ('Featured image', 'Photo'). */
export interface ImageUse {
  url: string
  recordId: string
  title: string
  role: string
}

/** The uses of our uploaded images among rows, each image column given with its role. */
export function imageUsesOf<R extends Record<string, unknown>>(
  rows: R[],
  record: (row: R) => { recordId: string; title: string },
  columns: [keyof R & string, string][],
): ImageUse[] {
  return rows.flatMap((row) =>
    columns.flatMap(([column, role]) => {
      const url = row[column]
      return typeof url === 'string' && url.startsWith('/media/') ? [{ url, role, ...record(row) }] : []
    }),
  )
}
