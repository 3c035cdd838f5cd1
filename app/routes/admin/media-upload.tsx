import { useEffect, useState } from 'react'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { EditorForm, EditorPage } from '~/components/admin/editor-form'
import { ImageTextFields, imageTextDefaults } from '~/components/admin/image-picker'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { Field } from '~/components/ui/form-field'
import { adminSection } from '~/lib/admin-sections'
import {
  ACCEPTED_IMAGE_TYPES,
  chosenFile,
  imageTextSchema,
  imageTextValues,
  imageUploadSchema,
  imageUploadValues,
  withImageText,
} from '~/lib/images'
import { fieldErrors } from '~/lib/schemas'
import { refuse } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { requireUser } from '~/server/services/auth.server'
import { uploadImage } from '~/server/services/media-library.server'
import { IMAGE_PLACES, ImageRejected } from '~/server/services/media.server'
import type { Route } from './+types/media-upload'
import { logger } from '~/server/log.server'

/*
 * An image uploaded on its own, for any post or page to use by its address: the file and what it
 * shows, checked and stored by the media service, then back to the library with its toast.
 */

const section = adminSection('media')
export const meta = screenMeta(section.createTitle)

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  return null
}

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  // An image is being uploaded, so its alt text is always asked for, whatever the form says.
  const { imageShown: _always, ...values } = imageTextValues(form, true)
  const upload = imageUploadSchema.safeParse(imageUploadValues(form))
  const text = imageTextSchema.safeParse(imageTextValues(form, true))
  if (!upload.success || !text.success) {
    return refuse(values, { ...(upload.success ? {} : fieldErrors(upload.error)), ...(text.success ? {} : fieldErrors(text.error)) })
  }
  try {
    await uploadImage(context.db, {
      file: chosenFile(form.get('file'))!,
      place: IMAGE_PLACES.library,
      text: text.data,
      userEmail: user.email,
    })
  } catch (error) {
    if (error instanceof ImageRejected) return refuse(values, { file: error.message })
    logger.error({ err: error }, `${section.messages.createFailed}`)
    return refuse(
      values,
      {},
      { failure: `${section.messages.createFailed}. Please try again.`, toast: section.messages.createFailed, status: 500 },
    )
  }
  return redirectWithToast(context, section.path, { type: 'success', title: section.messages.created })
}

const check = withImageText((form) => imageUploadSchema.safeParse(imageUploadValues(form)))

export default function MediaUpload({ actionData }: Route.ComponentProps) {
  const { errors, formProps } = useEditorForm(check, actionData, actionData?.values)
  return (
    <EditorPage section={section} editing={false}>
      <EditorForm {...formProps} section={{ ...section, submit: section.createTitle }} answer={actionData}>
        <ImageFileField error={errors.file} />
        <ImageTextFields shown defaults={imageTextDefaults(actionData?.values, null)} error={errors.imageAlt} />
      </EditorForm>
    </EditorPage>
  )
}

/** The file to upload, and the chosen image shown at once, before anything is sent. */
function ImageFileField({ error }: { error?: string }) {
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  return (
    <Field label="Image" name="file" error={error} hint="JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. The library lists it by its file name.">
      {(control) => (
        <div className="grid gap-3">
          <input
            {...control}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              setPreview(file?.type.startsWith('image/') ? URL.createObjectURL(file) : null)
            }}
            className="w-full rounded-lg border border-input bg-background text-sm file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-input file:bg-muted file:px-3 file:font-semibold focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-destructive"
          />
          {preview && (
            <img
              src={preview}
              alt=""
              onError={() => setPreview(null)}
              className="max-h-64 w-auto max-w-full justify-self-start rounded-lg border bg-navy-50 object-contain"
            />
          )}
        </div>
      )}
    </Field>
  )
}

export const ErrorBoundary = adminErrorBoundary(section.messages.createFailed)
