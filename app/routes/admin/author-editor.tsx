import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { data, Form, Link, useFormAction, useNavigation } from 'react-router'
import { AvatarPicker } from '~/components/admin/image-picker'
import { useFormCheck } from '~/components/admin/use-form-check'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { authorFormValues, authorSchema, type AuthorFormValues } from '~/lib/author-schema'
import { fieldErrors } from '~/lib/schemas'
import { editedId } from '~/lib/editor-mode'
import { pageTitle } from '~/lib/seo'
import { requireUser } from '~/server/auth.server'
import { createAuthor, getAuthor, updateAuthor, type AuthorFields } from '~/server/authors.server'
import type { Db } from '~/server/db/schema.server'
import { readForm } from '~/server/form-data.server'
import { chosenFile, IMAGE_EDGE, ImageRejected, removeMediaFile, saveImage } from '~/server/storage.server'
import { recordToEdit } from '~/server/editor.server'
import { redirectWithToast, toastHeaders } from '~/server/toast.server'
import type { LoadContext } from '~/load-context'
import type { Route } from './+types/author-editor'

type Author = NonNullable<Awaited<ReturnType<typeof getAuthor>>>
type FieldErrors = Record<string, string>

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: pageTitle(matches, editedId(params) ? 'Edit Author' : 'New Author') },
]

function authorToEdit(context: LoadContext, params: { id?: string }): Promise<Author | null> {
  return recordToEdit(context, params, getAuthor, { list: '/admin/authors', failure: 'Failed to load author' })
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { author: await authorToEdit(context, params) }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const existing = await authorToEdit(context, params)
  const form = await readForm(request)
  const values = authorFormValues(form)
  const showAgain = async (errors: FieldErrors, title: string, failure: string | null = null, status = 400) =>
    data({ values, errors, failure }, { status, headers: await toastHeaders(context, { type: 'error', title }) })

  const parsed = authorSchema.safeParse(values)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return showAgain(errors, Object.values(errors)[0]!)
  }

  const file = chosenFile(form.get('avatar'))
  let newAvatar: string | null = null
  if (file) {
    try {
      newAvatar = await saveImage(context.db, file, { bucket: 'images', folder: 'authors', maxEdge: IMAGE_EDGE.avatar })
    } catch (error) {
      if (!(error instanceof ImageRejected)) console.error('Avatar upload failed:', error)
      const message = error instanceof ImageRejected ? error.message : 'Failed to upload avatar'
      return showAgain({ avatar: message }, 'Failed to upload avatar')
    }
  }

  const fields: AuthorFields = { ...parsed.data, avatarUrl: newAvatar ?? existing?.avatar_url ?? null }
  try {
    await writeAuthor(context.db, existing, fields)
  } catch (error) {
    console.error(existing ? `Updating author ${existing.id} failed:` : 'Creating an author failed:', error)
    // The record does not point to the new file, so nothing ever will.
    await removeMediaFile(context.db, newAvatar)
    const title = existing ? 'Failed to update author' : 'Failed to create author'
    return showAgain({}, title, title, 500)
  }
  if (existing && newAvatar) await removeMediaFile(context.db, existing.avatar_url)

  return redirectWithToast(context, '/admin/authors', {
    type: 'success',
    title: existing ? 'Author updated successfully' : 'Author created successfully',
    ...(newAvatar && { description: 'Avatar uploaded successfully' }),
  })
}

async function writeAuthor(db: Db, existing: Author | null, fields: AuthorFields): Promise<void> {
  if (!existing) {
    await createAuthor(db, fields)
    return
  }
  if (!(await updateAuthor(db, existing.id, fields))) throw new Error(`Author ${existing.id} was deleted meanwhile`)
}

export default function AuthorEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { author } = loaderData
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/admin/authors">
          <ArrowLeft aria-hidden />
          Back to Authors
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold">{author ? 'Edit Author' : 'New Author'}</h1>
      <AuthorForm key={author?.id ?? 'new'} author={author} submitted={actionData} />
    </>
  )
}

function formValuesOf(author: Author | null): AuthorFormValues {
  return { name: author?.name ?? '', email: author?.email ?? '', bio: author?.bio ?? '' }
}

function AuthorForm({
  author,
  submitted,
}: {
  author: Author | null
  submitted: { values: AuthorFormValues; errors: FieldErrors; failure: string | null } | undefined
}) {
  const navigation = useNavigation()
  const formAction = useFormAction()
  const saving = navigation.state !== 'idle' && navigation.formAction === formAction
  const values = submitted?.values ?? formValuesOf(author)
  // The avatar's initials follow the name as it is typed.
  const [name, setName] = useState(values.name)
  const { clientErrors, checkBeforeSubmit } = useFormCheck((form) => authorSchema.safeParse(authorFormValues(new FormData(form))))
  const errors = clientErrors ?? submitted?.errors ?? {}

  return (
    <Form method="post" encType="multipart/form-data" noValidate onSubmit={checkBeforeSubmit} className="mt-6 max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle>Author Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          {submitted?.failure && <Alert variant="destructive">{submitted.failure}. Please try again.</Alert>}
          <div role="group" aria-labelledby="avatar-label" className="grid gap-2">
            <span id="avatar-label" className="text-sm font-medium">
              Avatar <span className="font-normal text-muted-foreground">(optional)</span>
            </span>
            <AvatarPicker name={name} currentUrl={author?.avatar_url ?? null} error={errors.avatar} />
          </div>
          <FormField
            label="Name"
            name="name"
            required
            autoComplete="off"
            placeholder="Jane Smith"
            defaultValue={values.name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <FormField
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="off"
            placeholder="jane@example.com"
            defaultValue={values.email}
            error={errors.email}
          />
          <FormField
            label="Bio"
            name="bio"
            multiline
            optional
            rows={5}
            placeholder="A few sentences about the author, shown under their posts..."
            defaultValue={values.bio}
            error={errors.bio}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/admin/authors">Cancel</Link>
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Author'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </Form>
  )
}
