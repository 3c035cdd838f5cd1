import { useSearchParams } from 'react-router'
import { editorMeta } from '~/components/admin/admin-screen'
import { EditorForm, EditorPage } from '~/components/admin/editor-form'
import { NativeSelect } from '~/components/admin/native-select'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { Field, FormField } from '~/components/ui/form-field'
import { adminSection } from '~/lib/admin-sections'
import { formDefaults } from '~/lib/form-fields'
import { REDIRECT_STATUS_LABELS, redirectFormValues, redirectSchema } from '~/lib/redirect-schema'
import { editorRoute } from '~/server/http/editor.server'
import { getRedirect } from '~/server/repositories/redirects.server'
import { redirectConflicts, saveAdminRedirect } from '~/server/services/redirects.server'
import type { Route } from './+types/redirect-editor'

const section = adminSection('redirects')
export const meta = editorMeta(section)
const editor = editorRoute(section, { read: getRedirect, values: redirectFormValues, schema: redirectSchema, write: saveAdminRedirect, conflicts: redirectConflicts })
export const loader = editor.loader
export const action = editor.action

// A new redirect is permanent unless the admin says otherwise: that is what moved pages need.
const NEW = { fromPath: '', toTarget: '', status: '301' }

export default function RedirectEditor({ loaderData: { record }, actionData }: Route.ComponentProps) {
  // The not-found log opens a new redirect with the missing path filled in.
  const [params] = useSearchParams()
  const values = actionData?.values ?? formDefaults(record, { ...NEW, fromPath: params.get('from') ?? '' })
  const { field, errors, formProps } = useEditorForm((form) => redirectSchema.safeParse(redirectFormValues(form)), actionData, values)
  return (
    <EditorPage section={section} editing={record !== null}>
      <EditorForm key={record?.id ?? 'new'} {...formProps} section={section} version={record?.version} answer={actionData}>
        <FormField
          label="From path"
          {...field('fromPath')}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="/old-page"
          hint="The address visitors arrive at, starting with /. Any query string they bring is passed on."
        />
        <FormField
          label="Redirect to"
          {...field('toTarget')}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="/new-page or https://example.com/page"
          hint="A path on this site starting with /, or a full address on another site."
        />
        <Field label="Type" name="status" error={errors.status} hint="Permanent tells search engines the page has moved for good; temporary keeps the old address in their results.">
          {(control) => (
            <NativeSelect {...control} defaultValue={values.status} className="sm:w-64">
              {Object.entries(REDIRECT_STATUS_LABELS).map(([status, label]) => (
                <option key={status} value={status}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </EditorForm>
    </EditorPage>
  )
}
