import { useEffect } from 'react'
import { Link, data } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { FieldsDocumentForm } from '~/components/admin/fields-document-form'
import { useErrorToasts } from '~/components/admin/use-error-toasts'
import { COLLECTIONS, itemSchema } from '~/lib/collections'
import { type Bucket, mediaUrl } from '~/lib/images'
import { uploadSiteImage } from '~/server/http/block-image.server'
import { collectionIn } from '~/server/http/collections.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { getItem } from '~/server/repositories/collection-items.server'
import { listFiles } from '~/server/repositories/files.server'
import { requireUser } from '~/server/services/auth.server'
import { saveItem } from '~/server/services/collections.server'
import type { Route } from './+types/collection-item'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  screenMeta(loaderData ? `${loaderData.item ? 'Edit' : 'New'} ${COLLECTIONS[loaderData.collection].item}` : 'Collections')({ matches })

export async function loader({ request, context, pattern, params }: Route.LoaderArgs) {
  await requireUser({ request, context, pattern })
  const collection = collectionIn(params)
  const item = params.id ? await getItem(context.db, collection, params.id) : null
  if (params.id && !item) throw data(null, { status: 404 })
  const files = 'picture' in COLLECTIONS[collection].fields ? await listFiles(context.db, ['images']) : []
  return {
    collection,
    item: item && { id: item.id, version: item.version, data: item.data as Record<string, unknown> },
    images: files.map((file) => ({ url: mediaUrl(file.bucket as Bucket, file.path), alt: file.alt })),
  }
}

/** Saves the item, or stores a picture uploaded for it. */
export async function action({ request, context, pattern, params }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const collection = collectionIn(params)
  const form = await readForm(request)
  if (form.get('intent') === 'upload') return uploadSiteImage(context, form)
  const { item } = COLLECTIONS[collection]
  let sent: unknown
  try {
    sent = JSON.parse(String(form.get('data') ?? ''))
  } catch {
    return data({ errors: {}, toast: `The ${item} could not be read. Reload the page and try again.` }, { status: 400 })
  }
  const result = await saveItem(context, user, collection, {
    id: params.id ?? null,
    version: String(form.get('version') ?? ''),
    data: sent,
  })
  switch (result.outcome) {
    case 'saved':
      return redirectWithToast(context, `/admin/collections/${collection}`, {
        type: 'success',
        title: `The ${item} was saved`,
        ...(result.industryPage && { description: industryPageNote(result.industryPage) }),
      })
    case 'invalid':
      return data({ errors: result.errors, toast: `The ${item} was not saved: check the fields marked below.` }, { status: 400 })
    case 'stale':
      return data(
        { errors: {}, toast: `Someone else changed this ${item} since you opened it. Reload it to see their change.` },
        { status: 409 },
      )
    case 'gone':
      return data({ errors: {}, toast: `This ${item} was deleted by someone else.` }, { status: 404 })
  }
}

export default function CollectionItemEditor({ loaderData: { collection, item, images }, actionData }: Route.ComponentProps) {
  const { label, item: itemWord, fields } = COLLECTIONS[collection]
  const toasts = useErrorToasts()
  const refusal = actionData && 'toast' in actionData ? actionData.toast : undefined
  useEffect(() => {
    if (refusal) toasts.show(refusal)
  }, [actionData, refusal, toasts])
  return (
    <>
      <p className="text-sm">
        <Link to={`/admin/collections/${collection}`} className="font-medium text-primary underline underline-offset-4">
          Back to {label}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{item ? `Edit ${itemWord}` : `New ${itemWord}`}</h1>
      <FieldsDocumentForm
        key={item?.version ?? 'new'}
        fields={fields}
        schema={itemSchema(collection)}
        initial={item?.data ?? {}}
        version={item?.version ?? ''}
        serverErrors={actionData && 'errors' in actionData ? actionData.errors : {}}
        images={images}
        title={label}
        submitLabel={`Save ${itemWord[0]!.toUpperCase()}${itemWord.slice(1)}`}
      />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load the item')

/** What the toast adds for a new industry: where its page is, made from the industry template or already there. */
const industryPageNote = ({ path, made }: { path: string; made: boolean }) =>
  made
    ? `Its page is live at ${path}, made from the industry template: change its words under Pages.`
    : `Nothing new was made at ${path}: something is already there. Check it under Pages or Redirects.`
