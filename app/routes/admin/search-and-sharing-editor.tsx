import { EditorForm, EditorPage } from '~/components/admin/editor-form'
import { SearchFieldsEditor } from '~/components/admin/search-fields-editor'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { marketingPages } from '~/content/pages'
import { pageByKey } from '~/lib/marketing-pages'
import { adminSection } from '~/lib/admin-sections'
import { pageTitle } from '~/lib/seo'
import { pageSearchSchema, searchFormText, searchFormValues } from '~/lib/search-fields'
import { editorRoute } from '~/server/http/editor.server'
import type { Db } from '~/server/db/schema.server'
import { getPageSearchFields, savePageSearchFields } from '~/server/repositories/page-search-fields.server'
import type { Route } from './+types/search-and-sharing-editor'

const section = adminSection('search-and-sharing')

/** A marketing page with its stored search fields; its id is its key in the address ('resources.faq'). */
async function readPage(db: Db, key: string) {
  const page = pageByKey(marketingPages, key)
  if (!page) return undefined
  const { fields, version } = await getPageSearchFields(db, page.path)
  return { id: key, version, ...page, search: fields }
}

const editor = editorRoute(section, {
  read: readPage,
  values: searchFormValues,
  schema: pageSearchSchema,
  write: async (trx, fields, { existing, version }) => ({
    outcome: await savePageSearchFields(trx, existing!.path, version, fields),
    name: existing!.name,
  }),
})
export const loader = editor.loader
export const action = editor.action

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: pageTitle(matches, loaderData?.record ? `${loaderData.record.name}: ${section.editTitle}` : section.editTitle) },
]

export default function PageEditor({ loaderData: { record }, actionData }: Route.ComponentProps) {
  const page = record!
  const values = actionData?.values ?? searchFormText(page.search)
  const { field, formProps } = useEditorForm((form) => pageSearchSchema.safeParse(searchFormValues(form)), actionData, values)
  return (
    <EditorPage section={section} editing>
      <p className="mt-2 text-muted-foreground">
        {page.name} <span className="text-sm">({page.path})</span>
      </p>
      <EditorForm {...formProps} section={{ ...section, card: page.name }} version={page.version} answer={actionData} guardUnsaved>
        <SearchFieldsEditor own={{ path: page.path, title: page.title, description: page.description }} values={values} field={field} />
      </EditorForm>
    </EditorPage>
  )
}
