import { useState } from 'react'
import { useRouteLoaderData, useSearchParams } from 'react-router'
import { editorMeta } from '~/components/admin/admin-screen'
import { EditorForm, EditorPage } from '~/components/admin/editor-form'
import { NativeSelect } from '~/components/admin/native-select'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { CheckboxField } from '~/components/ui/checkbox-field'
import { Field, FormField } from '~/components/ui/form-field'
import { adminSection } from '~/lib/admin-sections'
import { formDefaults } from '~/lib/form-fields'
import { nowIso } from '~/lib/ids'
import { normalisePath } from '~/lib/redirect-paths'
import { livePageAt, REDIRECT_STATUS_LABELS, redirectFormValues, redirectSchemaFor } from '~/lib/redirect-schema'
import { editorRoute } from '~/server/http/editor.server'
import { listLivePages } from '~/server/repositories/pages.server'
import { getRedirect } from '~/server/repositories/redirects.server'
import type { LoadContext } from '~/server/services/load-context.server'
import { redirectConflicts, saveAdminRedirect } from '~/server/services/redirects.server'
import type { Route } from './+types/redirect-editor'

const section = adminSection('redirects')
export const meta = editorMeta(section)
/**
 * The schema knows the site's own address (a full link to it is stored as a path), from the request's
 * config, and the pages published now, which a redirect from their path would hide.
 */
async function editorFor({ config, db }: LoadContext) {
  const livePages = await listLivePages(db, nowIso())
  return editorRoute(section, {
    read: getRedirect,
    values: redirectFormValues,
    schema: redirectSchemaFor(config.siteUrl, livePages),
    write: saveAdminRedirect,
    conflicts: redirectConflicts,
    more: async () => ({ livePages }),
  })
}
export const loader = async (args: Route.LoaderArgs) => (await editorFor(args.context)).loader(args)
export const action = async (args: Route.ActionArgs) => (await editorFor(args.context)).action(args)

// A new redirect is permanent unless the admin says otherwise: that is what moved pages need.
const NEW = { fromPath: '', toTarget: '', status: '301', replaceLivePage: false }

export default function RedirectEditor({ loaderData: { record, livePages }, actionData }: Route.ComponentProps) {
  // The not-found log opens a new redirect with the missing path filled in.
  const [params] = useSearchParams()
  const { siteUrl } = useRouteLoaderData('root') as { siteUrl: string }
  const schema = redirectSchemaFor(siteUrl, livePages)
  const values = actionData?.values ?? formDefaults(record, { ...NEW, fromPath: params.get('from') ?? '' })
  const { field, errors, formProps } = useEditorForm((form) => schema.safeParse(redirectFormValues(form)), actionData, values)
  const [fromPath, setFromPath] = useState(values.fromPath)
  return (
    <EditorPage section={section} editing={record !== null}>
      <EditorForm key={record?.id ?? 'new'} {...formProps} section={section} version={record?.version} answer={actionData}>
        <FormField
          label="From path"
          {...field('fromPath')}
          onChange={(event) => setFromPath(event.currentTarget.value)}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="/old-page"
          hint="The address visitors arrive at, starting with /. Any query string they bring is passed on."
        />
        {/* Offered only where it means something: the path of one of the site's own pages. */}
        {(livePageAt(livePages, normalisePath(fromPath.trim())) || values.replaceLivePage) && (
          <CheckboxField
            label="Replace the live page: visitors to this address are sent on and no longer see it"
            name="replaceLivePage"
            defaultChecked={values.replaceLivePage}
          />
        )}
        <FormField
          label="Redirect to"
          {...field('toTarget')}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="/new-page or https://example.com/page"
          hint="A path on this site starting with /, or a full address on another site (one on this site is kept as its path)."
        />
        <Field
          label="Type"
          name="status"
          error={errors.status}
          hint="Permanent tells search engines the page has moved for good; temporary keeps the old address in their results."
        >
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
