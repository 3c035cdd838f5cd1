import sharp, { type Sharp } from 'sharp'
import { newId, nowIso } from '~/lib/ids'
import type { Db } from './db/schema.server'

/*
 * Uploaded images live in the `files` table, so every instance serves the same files and a
 * database backup holds them too. They are served at /media/{bucket}/{path}.
 */

export type Bucket = 'images' | 'team_avatars'
export const BUCKETS: readonly Bucket[] = ['images', 'team_avatars']

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
/** Long edge after re-encoding: a post's featured image, or an avatar. */
export const IMAGE_EDGE = { post: 2000, avatar: 600 } as const

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

/**
 * Checks that the upload really is a JPEG, PNG, WebP, GIF or AVIF of at most 5 MB, re-encodes it
 * (which drops EXIF and any bytes hidden after the image) within `maxEdge` pixels, stores it and
 * returns its public URL. Throws ImageRejected with the message to show when the file is refused.
 */
export async function saveImage(db: Db, file: File, target: { bucket: Bucket; folder?: string; maxEdge: number }): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new ImageRejected(imageTooLargeMessage)
  const input = Buffer.from(await file.arrayBuffer())
  const { bytes, format } = await reencode(input, target.maxEdge)
  const { ext, contentType } = formats[format]
  const path = `${target.folder ? `${target.folder}/` : ''}${newId()}.${ext}`
  await db
    .insertInto('files')
    .values({ bucket: target.bucket, path, content_type: contentType, size: bytes.length, bytes, created_at: nowIso() })
    .execute()
  return mediaUrl(target.bucket, path)
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
 * Removes a stored file once nothing points to it any more. Failure only costs disk space, so it
 * is logged and never fails the edit or delete that asked for it.
 */
export async function removeMediaFile(db: Db, url: string | null | undefined): Promise<void> {
  const target = parseMediaUrl(url)
  if (!target) return
  try {
    await db.deleteFrom('files').where('bucket', '=', target.bucket).where('path', '=', target.path).execute()
  } catch (error) {
    console.error(`Could not remove ${url}:`, error)
  }
}
