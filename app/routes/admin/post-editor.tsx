import { useEffect, useRef, useState } from 'react'
import { ExternalLink, Eye } from 'lucide-react'
import { Link, useLoaderData } from 'react-router'
import { toast } from 'sonner'
import { editorMeta } from '~/components/admin/admin-screen'
import { type Autosave, DraftOffer, useAutosave } from '~/components/admin/autosave'
import { EditorForm, EditorPage } from '~/components/admin/editor-form'
import { CoverPicker, imageTextDefaults, type ImageTextDefaults } from '~/components/admin/image-picker'
import { MarkdownField } from '~/components/admin/markdown-editor/markdown-field'
import { SearchFieldsEditor } from '~/components/admin/search-fields-editor'
import { TagInput } from '~/components/admin/tag-input'
import { ReviewStatus, SendBack } from '~/components/admin/post-review'
import { SHARE_PREVIEW_ACTION, SharePreview } from '~/components/admin/share-preview'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FormField } from '~/components/ui/form-field'
import { withImageText } from '~/lib/images'
import { adminSection } from '~/lib/admin-sections'
import { fieldErrorClass } from '~/lib/field-note'
import { POST_LIMITS, postFormValues, postSchema, type PostFormInput, type PublishChoice } from '~/lib/post-schema'
import type { PostReview } from '~/lib/post-review'
import { searchFormText } from '~/lib/search-fields'
import { slugify } from '~/lib/slugify'
import { atLeast } from '~/lib/admin-access'
import { postHref } from '~/lib/blog-links'
import { formatDateTime, timeZoneLabel, utcToWallTime } from '~/lib/dates'
import { readingMinutes, readingTimeLabel, wordCount } from '~/lib/reading-time'
import { useTimeZone } from '~/lib/use-time-zone'
import { editorRoute } from '~/server/http/editor.server'
import { previewLinkAction } from '~/server/http/post-preview-links.server'
import { listAuthors } from '~/server/repositories/authors.server'
import { getPostForEditor, getPostReview, listTagNames, type Post } from '~/server/repositories/posts.server'
import { excerptFrom } from '~/server/services/markdown.server'
import { IMAGE_PLACES } from '~/server/services/media.server'
import { currentPreviewLink } from '~/server/services/post-preview-links.server'
import { postAccessRefusal, postConflicts, postRevisions, savePost } from '~/server/services/posts.server'
import type { Route } from './+types/post-editor'

const section = adminSection('posts')
export const meta = editorMeta(section)

const editor = editorRoute(section, {
  read: getPostForEditor,
  more: async (db, post, user) => {
    const authors = await listAuthors(db).catch((error: unknown) => {
      console.error('Failed to load authors:', error)
      return null
    })
    const publishes = atLeast(user.role, 'editor')
    // Where the post stands in review: an Author's editor shows it in place of Publishing, a reviewer's above the form.
    const review = post ? ((await getPostReview(db, post.id)) ?? null) : null
    const knownTags = await listTagNames(db)
    return { authors: authors ?? [], authorsFailed: authors === null, publishes, review, knownTags }
  },
  // An Author opens only their own posts, and only until they are published.
  refuseAccess: (db, user, post) => postAccessRefusal(db, user, post?.id),
  values: postFormValues,
  // On the server the markdown can be read: an empty excerpt becomes the start of the content.
  schema: postSchema.transform((post) => ({ ...post, excerpt: post.excerpt || excerptFrom(post.content) })),
  image: { field: 'featuredImage', place: IMAGE_PLACES.post, failure: 'Failed to upload image', saved: 'Image uploaded successfully' },
  write: savePost,
  revisions: postRevisions,
  conflicts: postConflicts,
})

export async function loader(args: Route.LoaderArgs) {
  const page = await editor.loader(args)
  // A draft's shareable preview link while one works, shown again in its Share preview card.
  return { ...page, previewLink: page.record ? await currentPreviewLink(args.context, page.record.id) : null }
}

// The Share preview card posts to the editor's address with ?share-preview, through a fetcher of its own: its
// answer never becomes this page's actionData, which stays the form's. Every other post saves the form.
export const action: typeof editor.action = (args) =>
  new URL(args.request.url).searchParams.has(SHARE_PREVIEW_ACTION) ? (previewLinkAction(args) as never) : editor.action(args)

export default function PostEditor({
  loaderData: { record: post, draft, imageText, authors, authorsFailed, publishes, review, knownTags },
  actionData,
}: Route.ComponentProps) {
  useEffect(() => {
    if (authorsFailed) toast.error('Failed to load authors')
  }, [authorsFailed])
  const autosave = useAutosave({
    type: 'post',
    recordKey: post?.id ?? 'new',
    version: post?.version ?? null,
    serverDraft: draft as { values: PostFormInput; savedAt: string } | null,
    listPath: section.path,
    capture: (form) => postFormValues(new FormData(form)),
  })
  return (
    <EditorPage
      section={section}
      editing={post !== null}
      historyHref={post && publishes ? `${section.path}/history/${post.id}` : undefined}
    >
      <DraftOffer autosave={autosave} />
      {post && review && <ReviewBanner post={post} review={review} reviewer={publishes} />}
      {/* A fresh form for each post, and for a restored draft: its fields keep their own state while typing. */}
      <PostForm
        key={`${post?.id ?? 'new'}-${autosave.restored?.times ?? 0}`}
        post={post}
        imageText={imageText}
        authors={authors}
        knownTags={knownTags}
        actionData={actionData}
        autosave={autosave}
        review={publishes ? null : <ReviewCard inReview={Boolean(review?.requestedAt)} />}
      />
    </EditorPage>
  )
}

function PostForm({
  post,
  imageText,
  authors,
  knownTags,
  actionData,
  autosave,
  review,
}: {
  post: Post | null
  imageText: ImageTextDefaults | null
  authors: { id: string; name: string }[]
  /** The blog's tags, suggested as a tag is typed. */
  knownTags: string[]
  actionData: Route.ComponentProps['actionData']
  autosave: Autosave<PostFormInput>
  /** For an Author, who does not publish: where the post stands in review, in place of Publishing. */
  review: React.ReactNode
}) {
  const timeZone = useTimeZone()
  const initial = autosave.restored?.values ?? actionData?.values ?? formValuesOf(post, timeZone)
  const { errors, field, formProps } = useEditorForm(
    withImageText((form) => postSchema.safeParse(postFormValues(form))),
    actionData,
    initial,
  )
  const [title, setTitle] = useState(initial.title)
  const [slug, setSlug] = useState(initial.slug)
  // A new post's slug follows its title until edited by hand; an existing post keeps its address.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(!post && initial.slug === slugify(initial.title))
  const [content, setContent] = useState(initial.content)
  const [tags, setTags] = useState<string[]>(initial.tags)
  const [tagsChanged, setTagsChanged] = useState(false)

  return (
    <>
      <EditorForm
        {...formProps}
        version={post?.version}
        answer={actionData}
        guardUnsaved
        changed={tagsChanged || Boolean(autosave.restored)}
        autosave={autosave}
        section={section}
        className="max-w-none"
      >
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid min-w-0 content-start gap-6">
            <Card className="min-w-0">
              <CardContent className="grid gap-5">
                <FormField
                  label="Title"
                  name="title"
                  value={title}
                  maxLength={POST_LIMITS.title}
                  error={errors.title}
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
                  error={errors.slug}
                  hint={`The post's address: /resources/blog/${slug || slugify(title) || '…'}${post?.published ? '. Changing it sends the old address on to the new one.' : ''}`}
                  onChange={(event) => {
                    setSlug(event.currentTarget.value)
                    setSlugFollowsTitle(event.currentTarget.value === '')
                  }}
                />
                <MarkdownEditor content={content} onChange={setContent} error={errors.content} />
                <FormField
                  label="Excerpt"
                  name="excerpt"
                  multiline
                  rows={3}
                  optional
                  defaultValue={initial.excerpt}
                  maxLength={POST_LIMITS.excerpt}
                  error={errors.excerpt}
                  hint="Left empty, it becomes the first 150 characters of the content."
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Search and sharing</CardTitle>
              </CardHeader>
              <CardContent>
                <SearchFieldsEditor
                  own={{
                    path: `/resources/blog/${slug || slugify(title) || '…'}`,
                    titleField: 'title',
                    descriptionField: 'excerpt',
                    image: post?.imageUrl,
                  }}
                  values={initial}
                  field={field}
                />
              </CardContent>
            </Card>
          </div>
          <div className="grid content-start gap-6">
            {post && <PostOnSite post={post} />}
            {review ?? <PublishControl initial={initial} post={post} errors={errors} />}
            <Card>
              <CardContent className="grid gap-5">
                <AuthorSelect authors={authors} defaultValue={initial.authorId} error={errors.authorId} />
                <TagInput
                  tags={tags}
                  suggestions={knownTags}
                  maxLength={POST_LIMITS.tag}
                  error={errors.tags}
                  onChange={(next) => {
                    setTags(next)
                    setTagsChanged(true)
                  }}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Featured image</CardTitle>
              </CardHeader>
              <CardContent>
                <CoverPicker
                  currentUrl={post?.imageUrl ?? null}
                  error={errors.featuredImage}
                  text={{ defaults: imageTextDefaults(actionData?.values, imageText), error: errors.imageAlt }}
                  restoredFile={autosave.restored?.files.featuredImage}
                />
              </CardContent>
            </Card>
          </div>
        </div>
      </EditorForm>
    </>
  )
}

/** The saved post as visitors see it: live, or, a draft or a scheduled post, previewed to those who may edit it. */
function PostOnSite({ post }: { post: Post }) {
  const { previewLink } = useLoaderData<typeof loader>()
  const live = post.published && post.publishedAt !== null && post.publishedAt <= new Date().toISOString()
  return (
    <>
      <Button asChild variant="outline" className="justify-self-start">
        <a href={postHref(post.slug)} target="_blank" rel="noopener noreferrer">
          {live ? <ExternalLink aria-hidden /> : <Eye aria-hidden />}
          {live ? 'View on site' : 'Preview'}
          <span className="sr-only"> (opens in a new tab, as last saved)</span>
        </a>
      </Button>
      {/* A live post's address is public; a draft or a scheduled one can be shown to someone without an account. */}
      {!live && <SharePreview action={`${section.path}/edit/${post.id}?${SHARE_PREVIEW_ACTION}`} link={previewLink} />}
    </>
  )
}

function formValuesOf(post: Post | null, timeZone: string): PostFormInput {
  return {
    timeZone,
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    content: post?.content ?? '',
    excerpt: post?.excerpt ?? '',
    authorId: post?.authorId ?? '',
    tags: post?.tags ?? [],
    // A post marked published without a time is a draft (decision 14).
    publish: post?.published && post.publishedAt ? 'at' : 'draft',
    publishAt: post?.published && post.publishedAt ? utcToWallTime(post.publishedAt, timeZone) : '',
    ...searchFormText(post?.search),
  }
}
/** Markdown on the left, the page as visitors will see it on the right (below on narrow screens). */
function MarkdownEditor({ content, onChange, error }: { content: string; onChange: (value: string) => void; error?: string }) {
  const html = useMarkdownPreview(content)
  const words = wordCount(content)
  return (
    <div className="grid gap-4 2xl:grid-cols-2">
      <MarkdownField
        label="Content"
        name="content"
        value={content}
        onChange={onChange}
        maxLength={POST_LIMITS.content}
        error={error}
        hint={
          <>
            Markdown: ## for a heading, **bold**, - for a list, [text](https://…) for a link. A line holding only <code>[[booking]]</code>{' '}
            shows the booking button; a line holding only a YouTube or Vimeo link shows the video.
          </>
        }
      >
        {/* What the post's readers will see beside its date; not live, so typing is not read out. */}
        <p className="text-right text-xs text-muted-foreground tabular-nums" data-testid="post-length">
          {words === 1 ? '1 word' : `${words.toLocaleString('en-US')} words`}
          {words > 0 && ` · ${readingTimeLabel(readingMinutes(words))}`}
        </p>
      </MarkdownField>
      <section
        aria-label="Preview"
        tabIndex={0}
        className="max-h-[32rem] min-w-0 overflow-y-auto rounded-lg border bg-white p-5 outline-none focus-visible:ring-3 focus-visible:ring-ring/60"
      >
        <p className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Preview</p>
        {html === null ? (
          <p className="text-sm text-muted-foreground">The preview appears here as you write.</p>
        ) : (
          <div
            data-testid="post-preview"
            className="prose max-w-none prose-slate prose-headings:font-display prose-headings:font-semibold prose-headings:text-foreground prose-a:text-primary prose-img:rounded-xl prose-table:block prose-table:overflow-x-auto"
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
      <Field label="Author" name="authorId" error={error}>
        {(control) => (
          <select
            {...control}
            defaultValue={defaultValue}
            className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm"
          >
            <option value="">Select an author</option>
            {authors.map((author) => (
              <option key={author.id} value={author.id}>
                {author.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {authors.length === 0 && (
        <p className="text-xs text-muted-foreground">
          No authors yet.{' '}
          <Link to="/admin/authors/new" className="font-semibold text-primary underline underline-offset-4">
            Add an author
          </Link>{' '}
          first.
        </p>
      )}
    </div>
  )
}

/** An Author's stand-in for Published: their post is a draft until an Editor or Owner publishes it. */
function ReviewCard({ inReview }: { inReview: boolean }) {
  return (
    <Card>
      <CardContent className="grid gap-2 text-sm">
        <p className="font-medium">{inReview ? 'In review' : 'Draft'}</p>
        <p className="text-muted-foreground">
          An Editor or Owner publishes posts. Save your draft, then choose Submit for review in the post list when it is ready.
        </p>
      </CardContent>
    </Card>
  )
}

/**
 * Where a post stands in review, above the form where it is seen first, on a phone too: who asked
 * and when, or the note it was last sent back with, and what to do next. A reviewer sends it back
 * from here.
 */
function ReviewBanner({ post, review, reviewer }: { post: Post; review: PostReview; reviewer: boolean }) {
  if (!review.requestedAt && !review.sentBack) return null
  const next = reviewer
    ? review.requestedAt && 'Publish it with Publish now or a schedule below, or send it back with a note.'
    : review.sentBack && 'Make the changes the note asks for and save, then choose Submit for review again in the post list.'
  return (
    <section
      aria-label="Review"
      data-testid="review-banner"
      className="mt-4 flex flex-wrap items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <div className="grid min-w-0 gap-1">
        <ReviewStatus review={review} />
        {next && <p className="text-muted-foreground">{next}</p>}
      </div>
      {reviewer && <SendBack post={post} offered={review.requestedAt !== null} />}
    </section>
  )
}

/** What the publish control says of each choice; a live post's time reads "Published on". */
const publishChoices = (live: boolean): { choice: PublishChoice; label: string; hint: string }[] => [
  { choice: 'draft', label: 'Draft', hint: live ? 'Takes the post off the site when you save.' : 'Only admins can see it.' },
  { choice: 'now', label: 'Publish now', hint: live ? 'Dates the post to the moment you save.' : 'Goes live when you save.' },
  {
    choice: 'at',
    label: live ? 'Published on …' : 'Schedule for …',
    hint: live ? 'Keeps the date below; a later one takes the post off the site until then.' : 'Goes live at the time below.',
  },
]

/**
 * The one publish control: Draft, Publish now, or a time (a later one schedules the post). The time
 * is typed on the site's clock (Site Settings), whatever the zone of the browser, and the zone travels
 * with it. Once the page runs, the time can be typed only with its choice picked; without JavaScript
 * a time sent with another choice is refused at the field.
 */
function PublishControl({
  initial,
  post,
  errors,
}: {
  initial: { publish: string; publishAt: string }
  post: Post | null
  errors: Record<string, string>
}) {
  const [choice, setChoice] = useState(initial.publish)
  const [publishAt, setPublishAt] = useState(initial.publishAt)
  // Until the page runs every field stays usable; a time sent with another choice is refused then.
  const [running, setRunning] = useState(false)
  useEffect(() => setRunning(true), [])
  const timeZone = useTimeZone()
  const publishedAt = post?.published ? post.publishedAt : null
  const live = publishedAt !== null && publishedAt <= new Date().toISOString()
  // Greyed out, but kept as typed, while another choice is picked.
  const unused = running && choice !== 'at'
  const errorId = errors.publish ? 'field-publish-error' : undefined

  return (
    <Card>
      <CardContent>
        <fieldset className="grid gap-3" aria-describedby={errorId}>
          <legend className="mb-3 font-medium">Publishing</legend>
          <p className="-mt-2 text-sm text-muted-foreground">
            {publishedAt ? `${live ? 'Live since' : 'Scheduled for'} ${formatDateTime(publishedAt, timeZone)}` : 'Not on the site yet'}
          </p>
          {publishChoices(live).map((option) => (
            <div key={option.choice} className="grid gap-2">
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="radio"
                  name="publish"
                  value={option.choice}
                  checked={choice === option.choice}
                  onChange={() => setChoice(option.choice)}
                  className="mt-0.5 size-4 accent-primary"
                />
                <span>
                  <span className="font-medium">{option.label}</span>
                  <span className="block text-xs text-muted-foreground">{option.hint}</span>
                </span>
              </label>
              {option.choice === 'at' && (
                <FormField
                  label="Publish date and time"
                  name="publishAt"
                  type="datetime-local"
                  className="ml-7"
                  value={publishAt}
                  disabled={unused}
                  onChange={(event) => setPublishAt(event.currentTarget.value)}
                  error={errors.publishAt}
                  hint={`${unused ? `Used only with “${option.label}”. ` : ''}Times are in the site's time zone, ${timeZoneLabel(timeZone)}. A past time publishes the post at once, with that date.`}
                />
              )}
            </div>
          ))}
          {errors.publish && (
            <p id={errorId} className={fieldErrorClass}>
              {errors.publish}
            </p>
          )}
        </fieldset>
        <input type="hidden" name="timeZone" value={timeZone} />
      </CardContent>
    </Card>
  )
}
