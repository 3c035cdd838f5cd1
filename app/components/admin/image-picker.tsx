import { ImageUp } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
// The server checks the bytes again (media.server.ts); the limits here only spare a doomed upload.
import { ACCEPTED_IMAGE_TYPES, ALT_MAX_LENGTH, MAX_IMAGE_BYTES, parseMediaUrl, type ImageTextValues } from '~/lib/images'
import { cn } from '~/lib/utils'
import { CheckboxField } from '../ui/checkbox-field'
import { FormField } from '../ui/form-field'
import { Avatar } from '../ui/avatar'
import { PostCover } from '../site/post-cover'

/**
 * A file input that shows the chosen image at once. The file travels with the form when it is
 * saved; until then nothing is uploaded. A file that is not an image or is over 5 MB is refused
 * with an error toast and the input is cleared.
 */
function useImageChoice(currentUrl: string | null, restoredFile?: File) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [localUrl, setLocalUrl] = useState<string | null>(null)
  useEffect(() => () => void (localUrl && URL.revokeObjectURL(localUrl)), [localUrl])
  // A restored draft's file goes back into the input, so it is sent with the form as if just chosen.
  useEffect(() => {
    if (!restoredFile || !inputRef.current) return
    const transfer = new DataTransfer()
    transfer.items.add(restoredFile)
    inputRef.current.files = transfer.files
    setLocalUrl(URL.createObjectURL(restoredFile))
  }, [restoredFile])

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    if (!file) return setLocalUrl(null)
    const problem = !file.type.startsWith('image/')
      ? 'Please select an image file'
      : file.size > MAX_IMAGE_BYTES
        ? 'Image file size must be less than 5MB'
        : null
    if (problem) {
      toast.error(problem)
      event.currentTarget.value = ''
      return setLocalUrl(null)
    }
    setLocalUrl(URL.createObjectURL(file))
  }
  return {
    inputRef,
    onChange,
    previewUrl: localUrl ?? currentUrl,
    chosen: localUrl !== null,
  }
}

/** The alt text of the picked image as the form starts: as sent when refused, else as stored. */
export interface ImageTextDefaults {
  alt: string
  decorative: boolean
}

/** The alt text fields' first values: as sent when the save was refused, else as stored with the image. */
export function imageTextDefaults(sent: Partial<ImageTextValues> | undefined, stored: ImageTextDefaults | null): ImageTextDefaults | null {
  return sent?.imageAlt !== undefined ? { alt: sent.imageAlt, decorative: sent.imageDecorative ?? false } : stored
}

/**
 * What the picked image shows, for people who cannot see it, or the tick that says it only
 * decorates: asked for as soon as an uploaded image is on the record or chosen (a static
 * illustration has no file to describe). `imageShown` tells the browser's check that it is needed;
 * the server decides that for itself. `shown` is always true in the media library's editor.
 */
export function ImageTextFields({ shown, defaults, error }: { shown: boolean; defaults: ImageTextDefaults | null; error?: string }) {
  const [decorative, setDecorative] = useState(defaults?.decorative ?? false)
  // Without JavaScript the page cannot see a file being chosen, so until it hydrates the fields show.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  if (!shown && hydrated && !error) return null
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4" data-testid="image-text">
      {shown && <input type="hidden" name="imageShown" value="1" />}
      <FormField
        label="Alt text"
        name="imageAlt"
        defaultValue={defaults?.alt ?? ''}
        maxLength={ALT_MAX_LENGTH}
        disabled={decorative}
        error={decorative ? undefined : error}
        hint="What the image shows, in a sentence, for people who use a screen reader."
        placeholder="e.g. Technician answering a customer call at the front desk"
      />
      <CheckboxField
        name="imageDecorative"
        label="Decorative image (it adds no information, so screen readers skip it)"
        defaultChecked={decorative}
        onChange={(event) => setDecorative(event.currentTarget.checked)}
      />
    </div>
  )
}

const isUploaded = (url: string | null, chosen: boolean) => chosen || parseMediaUrl(url) !== null

function ChooseButton({ inputId, label }: { inputId: string; label: string }) {
  return (
    <label
      htmlFor={inputId}
      className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-input bg-background px-3 text-sm font-semibold hover:bg-muted has-[+input:focus-visible]:ring-3 has-[+input:focus-visible]:ring-ring/60"
    >
      <ImageUp aria-hidden className="size-4" />
      {label}
    </label>
  )
}

function FileInput({
  id,
  name,
  describedBy,
  invalid,
  ...choice
}: {
  id: string
  name: string
  describedBy: string
  invalid: boolean
} & ReturnType<typeof useImageChoice>) {
  return (
    <input
      ref={choice.inputRef}
      id={id}
      type="file"
      name={name}
      accept={ACCEPTED_IMAGE_TYPES}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={choice.onChange}
      className="sr-only"
    />
  )
}

function PickerError({ id, error }: { id: string; error?: string }) {
  if (!error) return null
  return (
    <p id={id} className="text-sm text-destructive">
      {error}
    </p>
  )
}

/**
 * The optional photo of an author or team member, labelled. When the server refuses the chosen
 * image, the picker starts afresh, so the refused file is dropped rather than sent again.
 */
export function AvatarField({
  label,
  name,
  currentUrl,
  error,
  answer,
  text,
}: {
  label: string
  name: string
  currentUrl: string | null
  error?: string
  answer?: { errors: Record<string, string> }
  text: { defaults: ImageTextDefaults | null; error?: string }
}) {
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (answer?.errors.avatar) setRefusals((n) => n + 1)
  }, [answer])
  return (
    <div role="group" aria-labelledby="avatar-label" className="grid gap-2">
      <span id="avatar-label" className="text-sm font-medium">
        {label} <span className="font-normal text-muted-foreground">(optional)</span>
      </span>
      <AvatarPicker key={refusals} name={name} currentUrl={currentUrl} error={error} text={text} />
    </div>
  )
}

/** The round avatar of a team member or author: the image, or initials of `name` ('?' when empty). */
function AvatarPicker({
  name,
  currentUrl,
  inputName = 'avatar',
  error,
  text,
}: {
  name: string
  currentUrl: string | null
  inputName?: string
  error?: string
  text: { defaults: ImageTextDefaults | null; error?: string }
}) {
  const id = useId()
  const choice = useImageChoice(currentUrl)
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-5">
        <Avatar name={name} src={choice.previewUrl} decorative className="size-24 text-2xl" />
        <div className="space-y-2">
          <ChooseButton inputId={`${id}-file`} label={choice.previewUrl ? 'Change Image' : 'Upload Image'} />
          <FileInput id={`${id}-file`} name={inputName} describedBy={`${id}-hint ${id}-error`} invalid={Boolean(error)} {...choice} />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Recommended: Square image, at least 300x300px
          </p>
          <PickerError id={`${id}-error`} error={error} />
        </div>
      </div>
      <ImageTextFields shown={isUploaded(currentUrl, choice.chosen)} defaults={text.defaults} error={text.error} />
    </div>
  )
}

/** A post's featured image in its share-card shape, with the gradient when there is none. */
export function CoverPicker({
  currentUrl,
  inputName = 'featuredImage',
  error,
  text,
  restoredFile,
  className,
}: {
  currentUrl: string | null
  inputName?: string
  error?: string
  text: { defaults: ImageTextDefaults | null; error?: string }
  /** The file chosen before, from a restored draft. */
  restoredFile?: File
  className?: string
}) {
  const id = useId()
  const choice = useImageChoice(currentUrl, restoredFile)
  return (
    <div className={cn('space-y-3', className)}>
      <PostCover key={choice.previewUrl ?? 'none'} src={choice.previewUrl} eager className="max-w-md rounded-xl border" />
      <div className="flex flex-wrap items-center gap-3">
        <ChooseButton inputId={`${id}-file`} label={choice.previewUrl ? 'Change Image' : 'Upload Image'} />
        <FileInput id={`${id}-file`} name={inputName} describedBy={`${id}-hint ${id}-error`} invalid={Boolean(error)} {...choice} />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          JPEG, PNG, WebP, GIF or AVIF up to 5 MB; wide images (1200×630) look best.
        </p>
      </div>
      <PickerError id={`${id}-error`} error={error} />
      <ImageTextFields shown={isUploaded(currentUrl, choice.chosen)} defaults={text.defaults} error={text.error} />
    </div>
  )
}
