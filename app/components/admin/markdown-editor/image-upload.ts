import { ACCEPTED_IMAGE_TYPES, formatBytes, MAX_IMAGE_BYTES, type ImageText } from '~/lib/images'

/*
 * An image put into a post's text: checked here first, so a file the media service would refuse is
 * not sent at all, then uploaded to the media library, which checks its bytes again.
 */

const IMAGE_TYPES = ACCEPTED_IMAGE_TYPES.split(',')

/** Why `file` cannot go into a post, or null when it may be tried. */
export function imageFileProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return `“${file.name}” is not an image. Use a JPEG, PNG, WebP, GIF or AVIF file.`
  if (file.size > MAX_IMAGE_BYTES)
    return `“${file.name}” is ${formatBytes(file.size)}, over the ${MAX_IMAGE_BYTES / 1024 / 1024} MB an image can be. Make it smaller and try again.`
  return null
}

/** What the media library answers for a stored image. */
export interface UploadedImage {
  url: string
  alt: string | null
  width: number
  height: number
  name: string
}

/** Stores `file` in the media library with its alt text; throws an Error whose message is for the writer. */
export async function uploadImage(file: File, text: ImageText): Promise<UploadedImage> {
  const body = new FormData()
  body.set('file', file)
  body.set('alt', text.alt ?? '')
  if (text.decorative) body.set('decorative', 'on')
  let response: Response
  try {
    response = await fetch('/admin/media/upload', { method: 'POST', body })
  } catch {
    throw new Error(`“${file.name}” could not be uploaded: the connection dropped. Check it and try again.`)
  }
  const answer = (await response.json().catch(() => null)) as (Partial<UploadedImage> & { error?: string }) | null
  if (response.ok && answer?.url) return answer as UploadedImage
  throw new Error(answer?.error ?? `“${file.name}” could not be uploaded (error ${response.status}). Try again in a moment.`)
}

/** The Markdown for an uploaded image: its alt text with Markdown's own brackets escaped, and a safe address. */
export function imageMarkdown(image: Pick<UploadedImage, 'url' | 'alt'>): string {
  const alt = (image.alt ?? '').replace(/[\\[\]]/g, '\\$&')
  const url = image.url.replace(/[ ()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `![${alt}](${url})`
}
