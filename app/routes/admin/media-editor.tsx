import { CopyAddress } from '~/components/admin/copy-address'
import { FileUses } from '~/components/admin/file-uses'
import { editorMeta } from '~/components/admin/admin-screen'
import { EditorForm, EditorPage } from '~/components/admin/editor-form'
import { ImageTextFields, imageTextDefaults } from '~/components/admin/image-picker'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { adminSection } from '~/lib/admin-sections'
import { formatBytes, imageTextSchema, imageTextValues } from '~/lib/images'
import { editorRoute } from '~/server/http/editor.server'
import { saveFileText } from '~/server/repositories/files.server'
import { getLibraryFile } from '~/server/services/media-library.server'
import type { Route } from './+types/media-editor'

const section = adminSection('media')
export const meta = editorMeta(section)
// An image's bytes never change once stored (its address is in pages), so this editor changes only what it says of itself.
const editor = editorRoute(section, {
  read: getLibraryFile,
  values: (form) => imageTextValues(form, true),
  schema: imageTextSchema,
  write: async (trx, text, { existing, version }) =>
    existing ? { outcome: await saveFileText(trx, existing.id, version, text), name: existing.name } : { outcome: 'gone' },
})
export const loader = editor.loader
export const action = editor.action

const check = (form: FormData) => imageTextSchema.safeParse(imageTextValues(form, true))

export default function MediaEditor({ loaderData: { record: file }, actionData }: Route.ComponentProps) {
  const { errors, formProps } = useEditorForm(check, actionData, actionData?.values)
  if (!file) return null
  return (
    <EditorPage section={section} editing>
      <EditorForm key={file.id} {...formProps} section={section} version={file.version} answer={actionData}>
        <div className="grid gap-5 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <img
            src={file.url}
            alt=""
            width={file.width ?? undefined}
            height={file.height ?? undefined}
            className="w-full rounded-xl border bg-navy-50 object-contain"
          />
          <dl className="grid content-start gap-2 text-sm">
            <div>
              <dt className="font-medium">File</dt>
              <dd className="text-muted-foreground wrap-anywhere">{file.name}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="font-medium">Address</dt>
              <dd>
                <CopyAddress address={file.url} name={file.name} shown />
              </dd>
            </div>
            <div>
              <dt className="font-medium">Type and size</dt>
              <dd className="text-muted-foreground">
                {file.contentType}, {formatBytes(file.size)}
                {file.width && file.height ? `, ${file.width} × ${file.height} px` : ''}
              </dd>
            </div>
            <div>
              <dt className="font-medium">Used on</dt>
              <dd className="text-muted-foreground">
                <FileUses uses={file.uses} />
              </dd>
            </div>
          </dl>
        </div>
        <ImageTextFields
          shown
          defaults={imageTextDefaults(actionData?.values, { alt: file.alt ?? '', decorative: file.decorative })}
          error={errors.imageAlt}
        />
      </EditorForm>
    </EditorPage>
  )
}
