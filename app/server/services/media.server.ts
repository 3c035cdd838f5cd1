import { sql } from 'kysely'
import type { Sharp } from 'sharp'
import { newId } from '~/lib/ids'
import {
  BUCKETS,
  chosenFile,
  imageTooLargeMessage,
  MAX_IMAGE_BYTES,
  mediaUrl,
  notAnImageMessage,
  parseMediaUrl,
  type Bucket,
  type ImageInfo,
  type ImageInfos,
  type ImageText,
} from '~/lib/images'
import type { Db } from '~/server/db/schema.server'
import { deleteVariantsOf, insertFileVariants, readVariantBytes } from '~/server/repositories/file-variants.server'
import { deleteFileAt, filesToDraw, insertFile, readFileBytes, setFileText } from '~/server/repositories/files.server'
import type { RecordWrite, WriteOutcome } from '~/server/repositories/versions.server'
import { logger } from '~/server/log.server'

/*
 * Uploaded images live in the `files` table, so every instance serves the same files and a
 * database backup holds them too. They are served at /media/{bucket}/{path}. Their smaller AVIF
 * and WebP copies are made once, at upload, and stored beside them in `file_variants`.
 */

export { BUCKETS, chosenFile, imageTooLargeMessage, MAX_IMAGE_BYTES, mediaUrl, notAnImageMessage, parseMediaUrl, type Bucket }

/** Where each record's image is stored, and its long edge after re-encoding. */
export const IMAGE_PLACES = {
  post: { bucket: 'images', folder: 'blog', maxEdge: 2000 },
  caseStudy: { bucket: 'images', folder: 'case-studies', maxEdge: 2000 },
  author: { bucket: 'images', folder: 'authors', maxEdge: 600 },
  teamMember: { bucket: 'team_avatars', maxEdge: 600 },
  // Uploaded in the media library itself, for any page or post to use.
  library: { bucket: 'images', folder: 'library', maxEdge: 2000 },
} as const satisfies Record<string, ImagePlace>

export interface ImagePlace {
  bucket: Bucket
  folder?: string
  maxEdge: number
}

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

/** The longest original file name kept: enough for any name people give a photo. */
const ORIGINAL_NAME_MAX = 120

/**
 * The uploaded file's own name, as the library shows it: without any folder a browser or script
 * sent with it, without control and direction-changing characters (which could make "gpj.exe" read
 * as "exe.jpg") or letters that cannot be stored, and at most 120 characters, keeping its extension.
 * Null when nothing is left.
 */
export function originalFileName(name: string): string | null {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1)
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029\uFFFD]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (clean === '' || clean === '.' || clean === '..') return null
  const letters = [...clean]
  if (letters.length <= ORIGINAL_NAME_MAX) return clean
  const dot = clean.lastIndexOf('.')
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : ''
  const stem = letters.slice(0, ORIGINAL_NAME_MAX - [...ext].length).join('')
  return `${stem.trimEnd()}${ext}`
}

/** A smaller copy of an upload, in a format pages offer first to browsers that read it. */
interface PreparedVariant {
  bytes: Buffer
  format: VariantFormat
  width: number
  height: number
}

/** An upload checked and re-encoded, with its copies, ready to be stored with the record it belongs to. */
export interface PreparedImage {
  bytes: Buffer
  format: ImageFormat
  place: ImagePlace
  width: number
  height: number
  variants: PreparedVariant[]
  /** The file's own name, cleaned (originalFileName). */
  originalName: string | null
}

/** The widths of the copies, for phones, laptops and wide screens; never wider than the image itself. */
const VARIANT_WIDTHS = [480, 960, 1600] as const

// libvips is loaded on the first upload: only admins send images, and it costs every process memory.
const loadSharp = () => import('sharp').then((module) => module.default)

// AVIF's default effort takes seconds for a large image; at 2 it takes a fraction of one and the
// file stays well under the WebP's size.
const variantFormats = {
  avif: { ext: 'avif', contentType: 'image/avif', encode: (image: Sharp) => image.avif({ quality: 50, effort: 2 }) },
  webp: { ext: 'webp', contentType: 'image/webp', encode: (image: Sharp) => image.webp({ quality: 78, effort: 4 }) },
}
type VariantFormat = keyof typeof variantFormats

/**
 * Checks that the upload really is a JPEG, PNG, WebP, GIF or AVIF of at most 5 MB, re-encodes it
 * (which drops EXIF and any bytes hidden after the image) within the place's long edge, and makes
 * its AVIF and WebP copies. It is slow CPU work, so it runs before any transaction opens. Throws
 * ImageRejected with the message to show when the file is refused.
 */
export async function prepareImage(file: File, place: ImagePlace): Promise<PreparedImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new ImageRejected(imageTooLargeMessage)
  const { bytes, format } = await reencode(Buffer.from(await file.arrayBuffer()), place.maxEdge)
  const sharp = await loadSharp()
  const { width = 0, height = 0, pageHeight, pages = 1 } = await sharp(bytes).metadata()
  // An animation's copies would be its first frame only: it is served as it is.
  const variants = pages > 1 ? [] : await makeVariants(bytes, width)
  return { bytes, format, place, width, height: pageHeight ?? height, variants, originalName: originalFileName(file.name) }
}

/** Each copy width below the image's own, and its own width too when that is under the largest. */
function variantWidths(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < width)
  return width <= VARIANT_WIDTHS.at(-1)! ? [...below, width] : below
}

async function makeVariants(bytes: Buffer, width: number): Promise<PreparedVariant[]> {
  const sharp = await loadSharp()
  const jobs = variantWidths(width).flatMap((w) =>
    (Object.keys(variantFormats) as VariantFormat[]).map(async (format) => {
      const { data, info } = await variantFormats[format].encode(sharp(bytes).resize({ width: w })).toBuffer({ resolveWithObject: true })
      return { bytes: data, format, width: info.width, height: info.height }
    }),
  )
  return Promise.all(jobs)
}

/** A copy's address: the original's, with its width and its own extension (`blog/{uuid}.480w.avif`). */
function variantPath(path: string, variant: PreparedVariant): string {
  return `${path.replace(/\.[a-z]+$/, '')}.${variant.width}w.${variantFormats[variant.format].ext}`
}

const VARIANT_PATH = /\.\d+w\.[a-z]+$/

/** Stores a prepared image, its copies and its alt text (in the caller's transaction) and returns its public URL. */
export async function storeImage(db: Db, image: PreparedImage, text: ImageText): Promise<string> {
  const { ext, contentType } = formats[image.format]
  const { bucket, folder } = image.place
  const path = `${folder ? `${folder}/` : ''}${newId()}.${ext}`
  const fileId = await insertFile(db, {
    bucket,
    path,
    contentType,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    originalName: image.originalName,
    ...text,
  })
  await insertFileVariants(
    db,
    fileId,
    image.variants.map((variant) => ({
      bucket,
      path: variantPath(path, variant),
      contentType: variantFormats[variant.format].contentType,
      width: variant.width,
      height: variant.height,
      bytes: variant.bytes,
    })),
  )
  return mediaUrl(bucket, path)
}

/** Checks, re-encodes and stores an upload in one step, for callers with no record to attach it to. */
export async function saveImage(db: Db, file: File, place: ImagePlace, text: ImageText): Promise<string> {
  return storeImage(db, await prepareImage(file, place), text)
}

class WriteMissed extends Error {
  constructor(readonly outcome: Exclude<WriteOutcome, 'saved'>) {
    super(outcome)
  }
}

/** A record's image in a save: a new file (if one was chosen), its alt text, and the image the record shows now. */
export interface ImageInSave {
  upload: { file: File; place: ImagePlace } | null
  text: ImageText | null
  current: string | null
}

/**
 * Owns a record's image from upload to deletion: the new image (if one was chosen) is prepared
 * first, then stored with its alt text, the record written to point at it, and the image it
 * replaced deleted, all in one transaction. Without a new image the alt text goes to the image the
 * record already shows. A stale or vanished record rolls everything back, so no file is ever left
 * without a record and no route cleans up after a failure.
 */
export async function writeWithImage(
  db: Db,
  image: ImageInSave,
  write: (trx: Db, newImage: string | null) => Promise<RecordWrite>,
): Promise<WriteOutcome> {
  const prepared = image.upload ? await prepareImage(image.upload.file, image.upload.place) : null
  const text = image.text ?? { alt: null, decorative: false }
  return allOrNothing(db, async (trx) => {
    const stored = prepared ? await storeImage(trx, prepared, text) : null
    const current = parseMediaUrl(image.current)
    if (!stored && image.text && current) await setFileText(trx, current.bucket, current.path, image.text)
    return write(trx, stored)
  })
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
  const sharp = await loadSharp()
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

/** The bytes at a stored address: a file, or one of its copies. */
export async function readFile(db: Db, bucket: string, path: string) {
  return VARIANT_PATH.test(path) ? readVariantBytes(db, bucket, path) : readFileBytes(db, bucket, path)
}

/**
 * What pages need to draw these images (alt text, size, copies), by address, in one query for the
 * whole page. An address that is not a stored file (a static illustration) gets no entry.
 */
export async function describeImages(db: Db, urls: (string | null | undefined)[]): Promise<ImageInfos> {
  const stored = urls.flatMap((url) => parseMediaUrl(url) ?? [])
  const files = await filesToDraw(
    db,
    stored.map((file) => file.path),
  )
  const infos: ImageInfos = {}
  for (const file of files) {
    if (!BUCKETS.includes(file.bucket as Bucket)) continue
    const srcSet = (type: string) =>
      file.variants
        .filter((v) => v.contentType === type)
        .map((v) => `${mediaUrl(file.bucket as Bucket, v.path)} ${v.width}w`)
        .join(', ')
    const sources = (['image/avif', 'image/webp'] as const)
      .map((type) => ({ type, srcSet: srcSet(type) }))
      .filter((source) => source.srcSet !== '')
    const info: ImageInfo = {
      src: mediaUrl(file.bucket as Bucket, file.path),
      alt: file.decorative ? '' : file.alt,
      width: file.width,
      height: file.height,
      sources,
    }
    infos[info.src] = info
  }
  return infos
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
    logger.error({ err: error }, `Could not remove ${url}`)
    await sql`rollback to savepoint replaced_image`.execute(trx)
  }
}

/** Deletes one of our stored files and its copies by its URL (in the caller's transaction); other URLs are left alone. */
export async function deleteMediaFile(db: Db, url: string | null | undefined): Promise<void> {
  const target = parseMediaUrl(url)
  if (!target) return
  const id = await deleteFileAt(db, target.bucket, target.path)
  if (id) await deleteVariantsOf(db, id)
}
