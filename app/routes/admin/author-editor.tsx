import { useState } from 'react'
import { editorMeta } from '~/components/admin/admin-screen'
import { AvatarPicker } from '~/components/admin/image-picker'
import { EditorPage, EditorForm } from '~/components/admin/editor-form'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { FormField } from '~/components/ui/form-field'
import { authorFormValues, authorSchema } from '~/lib/author-schema'
import { editorRoute } from '~/server/http/editor.server'
import { createAuthor, getAuthor, updateAuthor } from '~/server/repositories/authors.server'
import { IMAGE_PLACES } from '~/server/services/media.server'
import type { Route } from './+types/author-editor'

export const meta = editorMeta({ edit: 'Edit Author', create: 'New Author' })

const editor = editorRoute({
  record: 'author',
  list: '/admin/authors',
  read: getAuthor,
  values: authorFormValues,
  schema: authorSchema,
  image: { field: 'avatar', place: IMAGE_PLACES.author, failure: 'Failed to upload avatar', saved: 'Avatar uploaded successfully' },
  write: (trx, input, { existing, image, version }) => (existing ? updateAuthor(trx, existing.id, version, input, image) : createAuthor(trx, input, image)),
  content: 'authors',
  messages: {
    loadFailed: 'Failed to load author',
    created: 'Author created successfully',
    updated: 'Author updated successfully',
    createFailed: 'Failed to create author',
    updateFailed: 'Failed to update author',
  },
})
export const loader = editor.loader
export const action = editor.action

export default function AuthorEditor({ loaderData: { record: author }, actionData }: Route.ComponentProps) {
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
