import { useState } from 'react'
import { AvatarPicker } from '~/components/admin/image-picker'
import { EditorPage, EditorForm } from '~/components/admin/editor-form'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { FormField } from '~/components/ui/form-field'
import { authorFormValues, authorSchema } from '~/lib/author-schema'
import { editedId } from '~/lib/editor-mode'
import { pageTitle } from '~/lib/seo'
import type { LoadContext } from '~/load-context'
import { recordToEdit, saveRecord } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { createAuthor, getAuthor, updateAuthor } from '~/server/repositories/authors.server'
import { requireUser } from '~/server/services/auth.server'
import { IMAGE_PLACES } from '~/server/services/media.server'
import type { Route } from './+types/author-editor'

export const meta: Route.MetaFunction = ({ matches, params }) => [{ title: pageTitle(matches, editedId(params) ? 'Edit Author' : 'New Author') }]

const authorToEdit = (context: LoadContext, params: { id?: string }) =>
  recordToEdit(context, params, getAuthor, { list: '/admin/authors', failure: 'Failed to load author' })

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { author: await authorToEdit(context, params) }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const existing = await authorToEdit(context, params)
  return saveRecord(await readForm(request), context, {
    record: 'author',
    existing,
    values: authorFormValues,
    schema: authorSchema,
    image: { field: 'avatar', place: IMAGE_PLACES.author, failure: 'Failed to upload avatar', saved: 'Avatar uploaded successfully' },
    write: (trx, input, image, version) => (existing ? updateAuthor(trx, existing.id, version, input, image) : createAuthor(trx, input, image)),
    content: 'authors',
    done: { list: '/admin/authors', created: 'Author created successfully', updated: 'Author updated successfully' },
    failed: { created: 'Failed to create author', updated: 'Failed to update author' },
  })
}

export default function AuthorEditor({ loaderData: { author }, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? { name: author?.name ?? '', email: author?.email ?? '', bio: author?.bio ?? '' }
  const { errors, formProps } = useEditorForm((form) => authorSchema.safeParse(authorFormValues(form)), actionData)
  // The avatar's initials follow the name as it is typed.
  const [name, setName] = useState(values.name)
  return (
    <EditorPage back={{ href: '/admin/authors', label: 'Back to Authors' }} title={author ? 'Edit Author' : 'New Author'}>
      <EditorForm key={author?.id ?? 'new'} {...formProps} card="Author Information" version={author?.version} failure={actionData?.failure} cancel="/admin/authors" submit="Save Author">
        <div role="group" aria-labelledby="avatar-label" className="grid gap-2">
          <span id="avatar-label" className="text-sm font-medium">
            Avatar <span className="font-normal text-muted-foreground">(optional)</span>
          </span>
          <AvatarPicker name={name} currentUrl={author?.imageUrl ?? null} error={errors.avatar} />
        </div>
        <FormField label="Name" name="name" required autoComplete="off" placeholder="Jane Smith" defaultValue={values.name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} />
        <FormField label="Email" name="email" type="email" required autoComplete="off" placeholder="jane@example.com" defaultValue={values.email} error={errors.email} />
        <FormField label="Bio" name="bio" multiline optional rows={5} placeholder="A few sentences about the author, shown under their posts..." defaultValue={values.bio} error={errors.bio} />
      </EditorForm>
    </EditorPage>
  )
}
