import { sql } from 'kysely'
import sharp, { type Sharp } from 'sharp'
import { newId, nowIso } from '~/lib/ids'
import type { Db } from '~/server/db/schema.server'
import type { RecordWrite, WriteOutcome } from '~/server/repositories/versions.server'

/*
 * Uploaded images live in the `files` table, so every instance serves the same files and a
 * database backup holds them too. They are served at /media/{bucket}/{path}.
 */

export type Bucket = 'images' | 'team_avatars'
export const BUCKETS: readonly Bucket[] = ['images', 'team_avatars']

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** Where each record's image is stored, and its long edge after re-encoding. */
export const IMAGE_PLACES = {
  post: { bucket: 'images', folder: 'blog', maxEdge: 2000 },
  caseStudy: { bucket: 'images', folder: 'case-studies', maxEdge: 2000 },
  author: { bucket: 'images', folder: 'authors', maxEdge: 600 },
  teamMember: { bucket: 'team_avatars', maxEdge: 600 },
} as const satisfies Record<string, ImagePlace>

export interface ImagePlace {
  bucket: Bucket
  folder?: string
  maxEdge: number
}

export const notAnImageMessage = 'Please select an image file'
export const imageTooLargeMessage = 'Image file size must be less than 5MB'

/** What we accept, by what the bytes say (never by the browser's claim), and how we write it back. */
const formats = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg', encode: (image: Sharp) => image.jpeg({ quality: 82, mozjpeg: true }) },
  png: { ext: 'png', contentType: 'image/png', encode: (image: Sharp) => image.png({ compressionLevel: 9 }) },
  webp: { ext: 'webp', contentType: 'image/webp', encode: (image: Sharp) => image.webp({ quality: 82 }) },
  gif: { ext: 'gif', contentType: 'image/gif', encode: (image: Sharp) => image.gif() },
  avif: { ext: 'avif', contentType: 'image/avif', encode: (image: Sharp) => image.avif({ quality: 55 }) },
}
type ImageFormat = keyof typeof formats

export class ImageRejected extends Error {}

/** A file input left empty arrives as a nameless, empty File: that is "no new image", not an error. */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && (value.size > 0 || value.name !== '') ? value : null
}

/** An upload checked and re-encoded, ready to be stored with the record it belongs to. */
export interface PreparedImage {
  bytes: Buffer
  format: ImageFormat
  place: ImagePlace
}

/**
 * Checks that the upload really is a JPEG, PNG, WebP, GIF or AVIF of at most 5 MB and re-encodes it
 * (which drops EXIF and any bytes hidden after the image) within the place's long edge. It is slow
 * CPU work, so it runs before any transaction opens. Throws ImageRejected with the message to show
 * when the file is refused.
 */
export async function prepareImage(file: File, place: ImagePlace): Promise<PreparedImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new ImageRejected(imageTooLargeMessage)
  const { bytes, format } = await reencode(Buffer.from(await file.arrayBuffer()), place.maxEdge)
  return { bytes, format, place }
}

/** Stores a prepared image (in the caller's transaction) and returns its public URL. */
export async function storeImage(db: Db, image: PreparedImage): Promise<string> {
  const { ext, contentType } = formats[image.format]
  const { bucket, folder } = image.place
  const path = `${folder ? `${folder}/` : ''}${newId()}.${ext}`
  await db.insertInto('files').values({ bucket, path, content_type: contentType, size: image.bytes.length, bytes: image.bytes, created_at: nowIso() }).execute()
  return mediaUrl(bucket, path)
}

/** Checks, re-encodes and stores an upload in one step, for callers with no record to attach it to. */
export async function saveImage(db: Db, file: File, place: ImagePlace): Promise<string> {
  return storeImage(db, await prepareImage(file, place))
}

class WriteMissed extends Error {
  constructor(readonly outcome: Exclude<WriteOutcome, 'saved'>) {
    super(outcome)
  }
}

/**
 * Owns a record's image from upload to deletion: the new image (if one was chosen) is prepared
 * first, then stored, the record written to point at it, and the image it replaced deleted, all in
 * one transaction. A stale or vanished record rolls everything back, so no file is ever left
 * without a record and no route cleans up after a failure.
 */
export async function writeWithImage(
  db: Db,
  upload: { file: File; place: ImagePlace } | null,
  write: (trx: Db, newImage: string | null) => Promise<RecordWrite>,
): Promise<WriteOutcome> {
  const prepared = upload ? await prepareImage(upload.file, upload.place) : null
  return allOrNothing(db, async (trx) => write(trx, prepared ? await storeImage(trx, prepared) : null))
}

/** Deletes a record and the image it pointed to, in one transaction. */
export function deleteWithImage(db: Db, remove: (trx: Db) => Promise<RecordWrite>): Promise<WriteOutcome> {
  return allOrNothing(db, remove)
}

async function allOrNothing(db: Db, write: (trx: Db) => Promise<RecordWrite>): Promise<WriteOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { outcome, replacedImage } = await write(trx)
      if (outcome !== 'saved') throw new WriteMissed(outcome)
      if (replacedImage) await deleteReplacedImage(trx, replacedImage)
      return outcome
    })
  } catch (error) {
    if (error instanceof WriteMissed) return error.outcome
    throw error
  }
}

async function reencode(input: Buffer, maxEdge: number): Promise<{ bytes: Buffer; format: ImageFormat }> {
  const format = detectFormat(input)
  if (!format) throw new ImageRejected(notAnImageMessage)
  try {
    // failOn 'warning' refuses truncated and corrupt files instead of decoding half a picture.
    const image = sharp(input, { failOn: 'warning', animated: format === 'gif' || format === 'webp', limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
    return { bytes: await formats[format].encode(image).toBuffer(), format }
  } catch {
    throw new ImageRejected(notAnImageMessage)
  }
}

/** The format named by the file's first bytes, or null: SVG, HTML and text are never images here. */
function detectFormat(bytes: Buffer): ImageFormat | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1')
  if (bytes.length < 12) return null
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif'
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif'
  return null
}

export function mediaUrl(bucket: Bucket, path: string): string {
  return `/media/${bucket}/${path}`
}

/** Bucket and path of one of our media URLs, or null for anything else (an outside URL, a static file). */
export function parseMediaUrl(url: string | null | undefined): { bucket: Bucket; path: string } | null {
  const match = /^\/media\/([a-z_]+)\/(.+)$/.exec(url ?? '')
  if (!match || !BUCKETS.includes(match[1] as Bucket)) return null
  return { bucket: match[1] as Bucket, path: match[2]! }
}

export async function readFile(db: Db, bucket: string, path: string) {
  return db
    .selectFrom('files')
    .select(['content_type', 'size', 'bytes', 'created_at'])
    .where('bucket', '=', bucket)
    .where('path', '=', path)
    .executeTakeFirst()
}

/**
 * A file nothing points to any more only costs space, so failing to delete it must not undo the
 * record's write: it is deleted under a savepoint, and a failure is logged and rolled back alone.
 */
async function deleteReplacedImage(trx: Db, url: string) {
  await sql`savepoint replaced_image`.execute(trx)
  try {
    await deleteMediaFile(trx, url)
    await sql`release savepoint replaced_image`.execute(trx)
  } catch (error) {
    console.error(`Could not remove ${url}:`, error)
    await sql`rollback to savepoint replaced_image`.execute(trx)
  }
}

/** Deletes one of our stored files by its URL (in the caller's transaction); other URLs are left alone. */
export async function deleteMediaFile(db: Db, url: string | null | undefined): Promise<void> {
  const target = parseMediaUrl(url)
  if (!target) return
  await db.deleteFrom('files').where('bucket', '=', target.bucket).where('path', '=', target.path).execute()
}
