import { ArrowLeft } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { CoverPicker } from '~/components/admin/image-picker'
import { TagInput } from '~/components/admin/tag-input'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes'
import { useFormCheck } from '~/components/admin/use-form-check'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { Input, Label } from '~/components/ui/input'
import { localInputValue, POST_LIMITS, postFormValues, postSchema, publishInstant, type PostFormInput } from '~/lib/post-schema'
import { fieldErrors } from '~/lib/schemas'
import { editedId } from '~/lib/editor-mode'
import { pageTitle } from '~/lib/seo'
import { slugify } from '~/lib/slugify'
import { nowIso } from '~/lib/ids'
import type { LoadContext } from '~/load-context'
import { requireUser } from '~/server/auth.server'
import { listAuthors } from '~/server/authors.server'
import { readForm } from '~/server/form-data.server'
import { excerptFrom } from '~/server/markdown.server'
import { createPost, getPostForEditor, isSlugTaken, updatePost, type NewPost } from '~/server/posts.server'
import { chosenFile, IMAGE_EDGE, ImageRejected, removeMediaFile, saveImage } from '~/server/storage.server'
import { recordToEdit } from '~/server/editor.server'
import { redirectWithToast, toastHeaders } from '~/server/toast.server'
import type { Route } from './+types/post-editor'

type Errors = Partial<Record<keyof PostFormInput | 'featuredImage', string>>

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: pageTitle(matches, editedId(params) ? 'Edit Post' : 'New Post') },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const post = await postToEdit(context, params)
  const authors = await listAuthors(context.db).catch((error: unknown) => {
    console.error('Failed to load authors:', error)
    return null
  })
  return { post, authors: authors ?? [], authorsFailed: authors === null }
}

function postToEdit(context: LoadContext, params: { id?: string }) {
  return recordToEdit(context, params, getPostForEditor, { list: '/admin/blog', failure: 'Failed to load post' })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const { db } = context
  const existing = await postToEdit(context, params)
  const id = existing?.id ?? null
  const failTitle = id ? 'Failed to update post' : 'Failed to create post'
  const form = await readForm(request)
  const values = postFormValues(form)
  const fail = async (errors: Errors, status: number, title: string) =>
    data({ errors, values }, { status, headers: await toastHeaders(context, { type: 'error', title }) })

  const parsed = postSchema.safeParse(values)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return fail(errors, 400, Object.values(errors)[0] ?? failTitle)
  }
  const input = parsed.data
  const slug = input.slug || slugify(input.title)
  if (!slug) return fail({ slug: 'Please enter a slug using letters or numbers' }, 400, failTitle)
  if (await isSlugTaken(db, slug, id ?? undefined)) {
    return fail({ slug: 'Another post already uses this slug; please choose a different one' }, 409, failTitle)
  }

  const file = chosenFile(form.get('featuredImage'))
  let featuredImage = existing?.featuredImage ?? null
  if (file) {
    try {
      featuredImage = await saveImage(db, file, { bucket: 'images', folder: 'blog', maxEdge: IMAGE_EDGE.post })
    } catch (error) {
      if (!(error instanceof ImageRejected)) console.error('Failed to upload image:', error)
      const message = error instanceof ImageRejected ? error.message : 'Failed to upload image'
      return fail({ featuredImage: message }, error instanceof ImageRejected ? 400 : 500, 'Failed to upload image')
    }
  }

  const post: NewPost = {
    title: input.title,
    slug,
    content: input.content,
    excerpt: input.excerpt || excerptFrom(input.content),
    featuredImage,
    published: input.published,
    // Published without a chosen time means now; a future time schedules it; a draft has none.
    publishedAt: input.published ? (input.publishAt ? publishInstant(input.publishAt, input.timezoneOffset) : nowIso()) : null,
    authorId: input.authorId,
    tags: input.tags,
  }
  try {
    if (id) await updatePost(db, id, post)
    else await createPost(db, post)
  } catch (error) {
    console.error(`${failTitle}:`, error)
    if (file) await removeMediaFile(db, featuredImage)
    return fail({}, 500, failTitle)
  }
  if (file && existing?.featuredImage) await removeMediaFile(db, existing.featuredImage)
  return redirectWithToast(context, '/admin/blog', {
    type: 'success',
    title: id ? 'Post updated successfully' : 'Post created successfully',
    description: file ? 'Image uploaded successfully' : undefined,
  })
}

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { post, authors, authorsFailed } = loaderData
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const errors: Errors = actionData?.errors ?? {}
  const initial = actionData?.values ?? formValuesOf(post)
  const { clientErrors, checkBeforeSubmit } = useFormCheck((form) => {
    const fields = form.elements
    const publishAt = (fields.namedItem('publishAt') as HTMLInputElement).value
    // The offset of the chosen moment, not of today, so a date across a DST change is still right.
    const offset = (publishAt ? new Date(publishAt) : new Date()).getTimezoneOffset()
    ;(fields.namedItem('timezoneOffset') as HTMLInputElement).value = String(offset)
    return postSchema.safeParse(postFormValues(new FormData(form)))
  })
  const shownErrors: Errors = clientErrors ?? errors

  const [title, setTitle] = useState(initial.title)
  const [slug, setSlug] = useState(initial.slug)
  // A new post's slug follows its title until edited by hand; an existing post keeps its address.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(!post && initial.slug === slugify(initial.title))
  const [content, setContent] = useState(initial.content)
  const [tags, setTags] = useState<string[]>(initial.tags)
  const [dirty, setDirty] = useState(false)

  useEffect(() => {
    if (authorsFailed) toast.error('Failed to load authors')
  }, [authorsFailed])
  useEffect(() => {
    if (actionData) setDirty(true)
  }, [actionData])

  return (
    <>
      <UnsavedChangesGuard dirty={dirty && !saving} />
      <Link to="/admin/blog" className="inline-flex items-center gap-2 text-sm font-semibold text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4" />
        Back to Blog Posts
      </Link>
      <h1 className="mt-3 text-2xl font-bold">{post ? 'Edit Post' : 'New Post'}</h1>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={checkBeforeSubmit}
        onChange={() => setDirty(true)}
        className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardContent className="grid gap-5">
              <FormField
                label="Title"
                name="title"
                value={title}
                maxLength={POST_LIMITS.title}
                error={shownErrors.title}
                onChange={(event) => {
                  const next = event.currentTarget.value
                  setTitle(next)
                  if (slugFollowsTitle) setSlug(slugify(next))
                }}
              />
              <FormField
                label="Slug"
                name="slug"
                value={slug}
                error={shownErrors.slug}
                hint={`The post's address: /resources/blog/${slug || slugify(title) || '…'}`}
                onChange={(event) => {
                  setSlug(event.currentTarget.value)
                  setSlugFollowsTitle(event.currentTarget.value === '')
                }}
              />
              <MarkdownEditor content={content} onChange={setContent} error={shownErrors.content} />
              <FormField
                label="Excerpt"
                name="excerpt"
                multiline
                rows={3}
                optional
                defaultValue={initial.excerpt}
                maxLength={POST_LIMITS.excerpt}
                error={shownErrors.excerpt}
                hint="Left empty, it becomes the first 150 characters of the content."
              />
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <PublishCard initial={initial} publishedAt={post?.publishedAt ?? null} error={shownErrors.publishAt} saving={saving} />
          <Card>
            <CardContent className="grid gap-5">
              <AuthorSelect authors={authors} defaultValue={initial.authorId} error={shownErrors.authorId} />
              <TagInput
                tags={tags}
                maxLength={POST_LIMITS.tag}
                error={shownErrors.tags}
                onChange={(next) => {
                  setTags(next)
                  setDirty(true)
                }}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Featured image</CardTitle>
            </CardHeader>
            <CardContent>
              <CoverPicker currentUrl={post?.featuredImage ?? null} error={shownErrors.featuredImage} />
            </CardContent>
          </Card>
        </div>
      </Form>
    </>
  )
}

function formValuesOf(post: Route.ComponentProps['loaderData']['post']): PostFormInput {
  return {
    timezoneOffset: 0,
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    content: post?.content ?? '',
    excerpt: post?.excerpt ?? '',
    authorId: post?.authorId ?? '',
    tags: post?.tags ?? [],
    published: post?.published ?? false,
    publishAt: post?.publishedAt ? localInputValue(post.publishedAt, 0) : '',
  }
}

/** Markdown on the left, the page as visitors will see it on the right (below on narrow screens). */
function MarkdownEditor({ content, onChange, error }: { content: string; onChange: (value: string) => void; error?: string }) {
  const html = useMarkdownPreview(content)
  return (
    <div className="grid gap-4 2xl:grid-cols-2">
      <div className="grid content-start gap-2">
        <Label htmlFor="field-content">Content</Label>
        <textarea
          id="field-content"
          name="content"
          value={content}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={POST_LIMITS.content}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'field-content-error' : 'content-hint'}
          className="min-h-96 w-full rounded-lg border border-input bg-background px-3 py-2 font-mono text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive"
        />
        {error ? (
          <p id="field-content-error" className="text-sm text-destructive">
            {error}
          </p>
        ) : (
          <p id="content-hint" className="text-xs text-muted-foreground">
            Markdown: ## for a heading, **bold**, - for a list, [text](https://…) for a link.
          </p>
        )}
      </div>
      <section aria-label="Preview" tabIndex={0} className="max-h-[32rem] min-w-0 overflow-y-auto rounded-lg border bg-white p-5 outline-none focus-visible:ring-3 focus-visible:ring-ring/60">
        <p className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Preview</p>
        {html === null ? (
          <p className="text-sm text-muted-foreground">The preview appears here as you write.</p>
        ) : (
          <div
            data-testid="post-preview"
            className="prose max-w-none prose-slate prose-a:text-primary prose-img:rounded-xl prose-table:block prose-table:overflow-x-auto"
            dangerouslySetInnerHTML={{ __html: html }}
          />
        )}
      </section>
    </div>
  )
}

const PREVIEW_PAUSE_MS = 400

/** Renders the markdown on the server a moment after typing stops; older answers never overwrite newer ones. */
function useMarkdownPreview(content: string): string | null {
  const [html, setHtml] = useState<string | null>(null)
  const latest = useRef<AbortController | null>(null)
  useEffect(() => {
    if (!content.trim()) return setHtml(null)
    const timer = window.setTimeout(async () => {
      latest.current?.abort()
      const controller = new AbortController()
      latest.current = controller
      const body = new FormData()
      body.set('content', content)
      try {
        const response = await fetch('/admin/blog/preview', { method: 'POST', body, signal: controller.signal })
        if (response.ok) setHtml(((await response.json()) as { html: string }).html)
      } catch (error) {
        if (!controller.signal.aborted) console.error('Preview failed:', error)
      }
    }, PREVIEW_PAUSE_MS)
    return () => window.clearTimeout(timer)
  }, [content])
  return html
}

function AuthorSelect({ authors, defaultValue, error }: { authors: { id: string; name: string }[]; defaultValue: string; error?: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="field-authorId">Author</Label>
      <select
        id="field-authorId"
        name="authorId"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'field-authorId-error' : undefined}
        className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm"
      >
        <option value="">Select an author</option>
        {authors.map((author) => (
          <option key={author.id} value={author.id}>
            {author.name}
          </option>
        ))}
      </select>
      {error && (
        <p id="field-authorId-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {authors.length === 0 && (
        <p className="text-xs text-muted-foreground">
          No authors yet.{' '}
          <Link to="/admin/authors/new" className="font-semibold text-primary hover:underline">
            Add an author
          </Link>{' '}
          first.
        </p>
      )}
    </div>
  )
}

/**
 * Published and its publish time. The time is shown in the editor's own zone once the page runs
 * in the browser (UTC before that, and without JavaScript); the browser's offset travels with it.
 */
function PublishCard({
  initial,
  publishedAt,
  error,
  saving,
}: {
  initial: { published: boolean; publishAt: string }
  publishedAt: string | null
  error?: string
  saving: boolean
}) {
  const [publishAt, setPublishAt] = useState(initial.publishAt)
  const [zone, setZone] = useState('UTC')
  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone)
    if (publishedAt && initial.publishAt === localInputValue(publishedAt, 0)) {
      setPublishAt(localInputValue(publishedAt, new Date(publishedAt).getTimezoneOffset()))
    }
  }, [publishedAt, initial.publishAt])

  return (
    <Card>
      <CardContent className="grid gap-4">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input type="checkbox" name="published" defaultChecked={initial.published} className="size-4 accent-primary" />
          Published
        </label>
        <div className="grid gap-2">
          <Label htmlFor="field-publishAt">Publish date and time</Label>
          <Input
            id="field-publishAt"
            type="datetime-local"
            name="publishAt"
            value={publishAt}
            onChange={(event) => setPublishAt(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="publishAt-hint"
          />
          <input type="hidden" name="timezoneOffset" defaultValue="0" />
          <p id="publishAt-hint" className={error ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
            {error ?? `Times are in ${zone}. Leave empty to publish now; a future time schedules the post.`}
          </p>
        </div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Post'}
        </Button>
      </CardContent>
    </Card>
  )
}
