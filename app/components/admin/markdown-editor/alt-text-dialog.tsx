import { useEffect, useId, useRef, useState } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog'
import { Button } from '~/components/ui/button'
import { CheckboxField } from '~/components/ui/checkbox-field'
import { Input, Label } from '~/components/ui/input'
import { fieldErrorClass, fieldErrorId } from '~/lib/field-note'
import { ALT_MAX_LENGTH, imageTextSchema, type ImageText } from '~/lib/images'

/**
 * Asks what an image put into the text shows, or that it only decorates, before it is uploaded:
 * the same rule as every image's alt text (`imageTextSchema`). `onDone` gets the answer, or null
 * when the writer cancels.
 */
export function AltTextDialog({ file, onDone }: { file: File | null; onDone: (text: ImageText | null) => void }) {
  return (
    <AlertDialog open={file !== null} onOpenChange={(open) => !open && onDone(null)}>
      {file && <AltTextForm key={`${file.name}-${file.lastModified}-${file.size}`} file={file} onDone={onDone} />}
    </AlertDialog>
  )
}

function AltTextForm({ file, onDone }: { file: File; onDone: (text: ImageText) => void }) {
  const id = useId()
  const altRef = useRef<HTMLInputElement>(null)
  const [decorative, setDecorative] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const preview = useObjectUrl(file)
  const errorId = fieldErrorId(`${id}-alt`)

  function submit(event: React.FormEvent<HTMLFormElement>) {
    // The dialog sits in the post's form in React's tree: its events are its own.
    event.preventDefault()
    event.stopPropagation()
    const form = new FormData(event.currentTarget)
    const parsed = imageTextSchema.safeParse({ imageShown: true, imageAlt: String(form.get('alt') ?? ''), imageDecorative: decorative })
    if (parsed.success) return onDone(parsed.data)
    setError(parsed.error.issues[0]?.message ?? null)
    altRef.current?.focus()
  }

  return (
    <AlertDialogContent
      onOpenAutoFocus={(event) => {
        event.preventDefault()
        altRef.current?.focus()
      }}
    >
      <form noValidate className="grid gap-4" onSubmit={submit} onChange={(event) => event.stopPropagation()}>
        <AlertDialogTitle>Describe the image</AlertDialogTitle>
        <AlertDialogDescription>
          “{file.name}” goes into the post once you say what it shows, for people who use a screen reader.
        </AlertDialogDescription>
        {preview && <img src={preview} alt="" className="max-h-40 justify-self-start rounded-lg border object-contain" />}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-alt`}>Alt text</Label>
          <Input
            ref={altRef}
            id={`${id}-alt`}
            name="alt"
            maxLength={ALT_MAX_LENGTH}
            disabled={decorative}
            autoComplete="off"
            placeholder="e.g. Technician answering a customer call at the front desk"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={() => setError(null)}
          />
          {error && !decorative && (
            <p id={errorId} className={fieldErrorClass}>
              {error}
            </p>
          )}
        </div>
        <CheckboxField
          label="Decorative image (it adds no information, so screen readers skip it)"
          checked={decorative}
          onChange={(event) => setDecorative(event.currentTarget.checked)}
        />
        <AlertDialogFooter>
          <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
          <Button type="submit">Add image</Button>
        </AlertDialogFooter>
      </form>
    </AlertDialogContent>
  )
}

/** A temporary address for the chosen file's preview, freed when the dialog closes. */
function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url
}
