import { optionalText } from './form-fields'
import { z } from './zod'

/*
 * Uploaded images, as both sides see them: their addresses, what a page needs to draw one, and the
 * rule that an uploaded image says what it shows (or that it only decorates).
 */

export type Bucket = 'images' | 'team_avatars'
export const BUCKETS: readonly Bucket[] = ['images', 'team_avatars']

export function mediaUrl(bucket: Bucket, path: string): string {
  return `/media/${bucket}/${path}`
}

/*
 * Our image addresses written in text: a post's Markdown (`![alt](/media/images/blog/….png)`, or the
 * same address made absolute) or a stored record's JSON. An address ends where Markdown, JSON or a
 * sentence does: a bracket, a quote, a space, a backslash, or a full stop after it.
 */
const MEDIA_ADDRESS = /\/media\/[a-z_]+\/[^\s()<>"'[\]?#\\]*[^\s()<>"'[\]?#\\.,;:!]/g

/** The media addresses a text names, each once. */
export const mediaAddressesIn = (text: string): string[] => [...new Set(text.match(MEDIA_ADDRESS) ?? [])]

/** Bucket and path of one of our media URLs, or null for anything else (an outside URL, a static file). */
export function parseMediaUrl(url: string | null | undefined): { bucket: Bucket; path: string } | null {
  const match = /^\/media\/([a-z_]+)\/(.+)$/.exec(url ?? '')
  if (!match || !BUCKETS.includes(match[1] as Bucket)) return null
  return { bucket: match[1] as Bucket, path: match[2]! }
}

/**
 * What a page needs to draw an image without a second look-up: its address, alt text ('' when
 * decorative, null when none was ever given), pixel size (null when unknown: a static illustration)
 * and its smaller AVIF and WebP copies as ready `srcset`s (none for files stored before copies were
 * made, and for static files).
 */
export interface ImageInfo {
  src: string
  alt: string | null
  width: number | null
  height: number | null
  sources: { type: 'image/avif' | 'image/webp'; srcSet: string }[]
}

/** The loaders' images by address; an address missing from it is drawn as a plain image. */
export type ImageInfos = Record<string, ImageInfo>

export const ALT_MAX_LENGTH = 250
export const altRequiredMessage = 'Describe the image in a few words, or tick “Decorative image” if it adds no information'

/**
 * The alt text fields that go with an image: `imageShown` says an uploaded image is (or is about to
 * be) on the record; then it needs alt text or the decorative tick. The browser reads `imageShown`
 * from the form; the server decides it itself (a file chosen, or a stored image already there).
 */
export const imageTextSchema = z
  .object({
    imageShown: z.boolean(),
    imageAlt: optionalText('Alt text', ALT_MAX_LENGTH),
    imageDecorative: z.boolean(),
  })
  .superRefine((text, context) => {
    if (text.imageShown && !text.imageDecorative && !text.imageAlt)
      context.addIssue({ code: 'custom', path: ['imageAlt'], message: altRequiredMessage })
  })
  .transform(({ imageAlt, imageDecorative }): ImageText => ({ alt: imageDecorative ? null : imageAlt, decorative: imageDecorative }))

/** What a file says of itself: its alt text, or that it is decorative (then no alt). */
export interface ImageText {
  alt: string | null
  decorative: boolean
}

/** The alt text fields as typed. */
export function imageTextValues(form: FormData, imageShown = form.has('imageShown')) {
  const alt = form.get('imageAlt')
  return { imageShown, imageAlt: typeof alt === 'string' ? alt : '', imageDecorative: form.has('imageDecorative') }
}

export type ImageTextValues = ReturnType<typeof imageTextValues>

type Check = (form: FormData) => { success: true } | { success: false; error: z.ZodError }

/** An editor's browser check with the image's alt text checked too, every error reported at once. */
export function withImageText(check: Check): Check {
  return (form) => {
    const record = check(form)
    const text = imageTextSchema.safeParse(imageTextValues(form))
    const issues = [...(record.success ? [] : record.error.issues), ...(text.success ? [] : text.error.issues)]
    return issues.length === 0 ? { success: true } : { success: false, error: new z.ZodError(issues) }
  }
}

/** Uploads of at most 5 MB; the server checks each file again by its bytes (server/services/media.server.ts). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const notAnImageMessage = 'Please select an image file'
export const imageTooLargeMessage = 'Image file size must be less than 5MB'
export const noImageChosenMessage = 'Choose an image to upload'
/** What a file field offers to pick: the formats the server takes. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif'

/**
 * The media library's upload form, read the same way by the browser and the server: a file chosen
 * (its size, or null for none) within the limit. Whether it is an image is for its bytes to say.
 */
export const imageUploadSchema = z.object({
  file: z
    .number()
    .nullable()
    .superRefine((size, context) => {
      if (size === null) context.addIssue({ code: 'custom', message: noImageChosenMessage })
      else if (size > MAX_IMAGE_BYTES) context.addIssue({ code: 'custom', message: imageTooLargeMessage })
    }),
})

/** A file input left empty arrives as a nameless, empty File: that is "no new image", not an error. */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && (value.size > 0 || value.name !== '') ? value : null
}

/** The upload form's file as the schema reads it. */
export const imageUploadValues = (form: FormData) => ({ file: chosenFile(form.get('file'))?.size ?? null })

/** A stored file's own name, without its folder. */
export const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** A file size as people read it: '84 KB', '1.6 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
