import { ExternalLink } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Form, data, useNavigation } from 'react-router'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { editorMeta } from '~/components/admin/admin-screen'
import { EditorPage } from '~/components/admin/editor-form'
import { NativeSelect } from '~/components/admin/native-select'
import { pageDraftValues } from '~/components/admin/page-editor/page-draft'
import { PageEditorForm, type PageRefusal } from '~/components/admin/page-editor/page-editor-form'
import { useErrorToasts } from '~/components/admin/use-error-toasts'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { CheckboxField } from '~/components/ui/checkbox-field'
import { Field, FormField } from '~/components/ui/form-field'
import { type NewPageTemplate, PAGE_TEMPLATE_CONTENT, PAGE_TEMPLATE_LABELS } from '~/content/page-templates'
import { adminSection } from '~/lib/admin-sections'
import { editedId } from '~/lib/editor-mode'
import { wallTimeToUtc } from '~/lib/dates'
import { type Bucket, mediaUrl } from '~/lib/images'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { uploadSiteImage } from '~/server/http/block-image.server'
import { readForm } from '~/server/http/form-data.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { listCaseStudiesForAdmin } from '~/server/repositories/case-studies.server'
import { getDraft } from '~/server/repositories/drafts.server'
import { listFiles } from '~/server/repositories/files.server'
import { getTimeZone } from '~/server/repositories/settings.server'
import { requireUser } from '~/server/services/auth.server'
import { type PageIntent, type PageSaveResult, createPage, readPageForEditor, savePage } from '~/server/services/pages.server'
import type { Route } from './+types/page-editor'

const section = adminSection('pages')
export const meta = editorMeta(section)

/** Pictures placed in a page's blocks: stored with the rest of the library's images. */

/** What each template starts a page with, under its name in the form. */
const TEMPLATE_HINTS: Record<NewPageTemplate, string> = {
  blank: 'A page header and nothing else.',
  service: 'A service: what it does, how it works, proof and a call to action.',
  industry: 'An industry: its problems, what helps, case studies and questions.',
  campaign: 'One offer for one audience, with a booking button.',
}
/** Whether a template's pages start hidden from search engines. */
const hiddenBy = (template: NewPageTemplate) => PAGE_TEMPLATE_CONTENT[template].search?.hidden ?? false

const isTemplate = (value: unknown): value is NewPageTemplate => typeof value === 'string' && Object.hasOwn(PAGE_TEMPLATE_LABELS, value)

export async function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, pattern })
  const id = editedId(params)
  if (!id) return { page: null, autosaved: null, caseStudies: [], images: [] }
  const page = id.length > MAX_ID_LENGTH || id.includes('\u0000') ? undefined : await readPageForEditor(context.db, id)
  if (!page) throw await redirectWithToast(context, section.path, { type: 'error', title: section.messages.loadFailed })
  const [studies, files, autosaved] = await Promise.all([
    listCaseStudiesForAdmin(context.db),
    listFiles(context.db, ['images']),
    getDraft(context.db, { type: 'page', key: page.id, userId: user.id }),
  ])
  const values = autosaved && autosaved.savedAt > page.version ? pageDraftValues(autosaved.values) : null
  return {
    page,
    // An autosaved draft newer than the page is offered back (a save since then makes it moot).
    autosaved: values && { values, savedAt: autosaved!.savedAt },
    caseStudies: studies.map(({ id: studyId, title, client }) => ({ id: studyId, title, client })),
    images: files.map((file) => ({ url: mediaUrl(file.bucket as Bucket, file.path), alt: file.alt })),
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

const refusal = (errors: Record<string, string>, { failure = null, status = 400 }: { failure?: string | null; status?: number } = {}) =>
  data({ errors, failure, toast: failure ?? Object.values(errors)[0] ?? 'Please check the form' } satisfies PageRefusal, { status })

/**
 * A new page (path, name, template, hidden), a save of the page as the editor sent it (as a draft, to
 * publish, or scheduled), or an image uploaded for one of its blocks, which is stored at once and
 * answered with its address. The pages service decides; this reads the form and answers.
 */
export async function action({ request, context, params, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const form = await readForm(request)
  const id = editedId(params)
  if (form.get('intent') === 'upload') return uploadSiteImage(context, form)

  const answer = async (result: PageSaveResult, done: string) => {
    if (result.outcome === 'saved') return redirectWithToast(context, `${section.path}/edit/${result.id}`, { type: 'success', title: done })
    if (result.outcome === 'invalid') return refusal(result.errors)
    return refusal(
      {},
      result.outcome === 'stale'
        ? {
            status: 409,
            failure: 'This page was changed by someone else since you opened it. Reload to see their changes; your blocks are kept below.',
          }
        : { status: 404, failure: 'This page was deleted by someone else since you opened it.' },
    )
  }

  if (!id) {
    const template = form.get('template')
    const input = {
      path: text(form, 'path').trim(),
      name: text(form, 'name').trim(),
      template: isTemplate(template) ? template : 'blank',
      hidden: form.get('hidden') === 'on',
    }
    return answer(await createPage(context, user, input), section.messages.created)
  }

  let content: unknown
  try {
    content = JSON.parse(text(form, 'content'))
  } catch {
    return refusal({}, { failure: 'The page could not be read. Reload the editor and try again.' })
  }
  const intent = await intentOf(context.db, form)
  if ('errors' in intent) return refusal(intent.errors)
  const input = { id, version: text(form, 'version'), path: text(form, 'path').trim(), name: text(form, 'name').trim(), content }
  const done = { draft: 'Draft saved', publish: 'Page published', schedule: 'Page change scheduled' }[intent.kind]
  return answer(await savePage(context, user, input, intent), done)
}

/** What the editor asked for; a schedule's time is typed on the site's clock and stored in UTC. */
async function intentOf(db: Parameters<typeof getTimeZone>[0], form: FormData): Promise<PageIntent | { errors: Record<string, string> }> {
  const intent = form.get('intent')
  if (intent === 'publish') return { kind: 'publish' }
  if (intent !== 'schedule') return { kind: 'draft' }
  const at = text(form, 'at')
  if (!at) return { errors: { at: 'Choose when the page should change' } }
  try {
    return { kind: 'schedule', at: wallTimeToUtc(at, await getTimeZone(db)) }
  } catch {
    return { errors: { at: 'Enter a date and time, such as 2027-03-01 09:00' } }
  }
}

export default function PageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page, autosaved, caseStudies, images } = loaderData
  const answer = actionData && 'errors' in actionData ? actionData : undefined
  return (
    <EditorPage section={section} editing={page !== null} historyHref={page ? `${section.path}/history/${page.id}` : undefined}>
      {page ? (
        <>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>
              {page.name} · <code>{page.path}</code>
            </span>
            {page.status !== 'draft' && (
              <a
                href={page.path}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-primary underline underline-offset-4"
              >
                View page
                <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </p>
          <PageEditorForm page={page} autosaved={autosaved} caseStudies={caseStudies} images={images} answer={answer} />
        </>
      ) : (
        <NewPageForm answer={answer} />
      )}
    </EditorPage>
  )
}

/** A new page: where it lives, its name, what it starts from, and whether search engines may list it. */
function NewPageForm({ answer }: { answer: PageRefusal | undefined }) {
  const [errors, setErrors] = useState<Record<string, string>>(answer?.errors ?? {})
  const [template, setTemplate] = useState<NewPageTemplate>('blank')
  // Each template says whether its pages are for search engines (a campaign's is not); the owner may still choose.
  const [hidden, setHidden] = useState(hiddenBy('blank'))
  const toasts = useErrorToasts()
  const saving = useNavigation().state !== 'idle'
  useEffect(() => {
    setErrors(answer?.errors ?? {})
    if (answer?.toast) toasts.show(answer.toast)
  }, [answer, toasts])
  return (
    <Form
      method="post"
      noValidate
      className="mt-6 max-w-2xl"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget)
        const found: Record<string, string> = {}
        const path = String(form.get('path') ?? '').trim()
        if (!path) found.path = 'Path is required'
        else if (!path.startsWith('/')) found.path = 'Start the path with / (such as /lp/spring-offer)'
        if (!String(form.get('name') ?? '').trim()) found.name = 'Name is required'
        toasts.clear()
        setErrors(found)
        const first = Object.entries(found)[0]
        if (!first) return
        event.preventDefault()
        toasts.show(first[1])
        document.getElementById(`field-${first[0]}`)?.focus()
      }}
      onChange={(event) => {
        const field = (event.target as EventTarget as HTMLInputElement).name
        if (field in errors) setErrors(({ [field]: _fixed, ...others }) => others)
      }}
    >
      {answer?.failure && <p className="mb-4 text-sm text-destructive">{answer.failure}</p>}
      <Card>
        <CardContent className="grid gap-5">
          <FormField
            label="Path"
            name="path"
            placeholder="/lp/spring-hvac"
            autoComplete="off"
            maxLength={200}
            error={errors.path}
            hint="The page’s address on the site, starting with /."
          />
          <FormField
            label="Name"
            name="name"
            placeholder="Spring HVAC offer"
            maxLength={80}
            error={errors.name}
            hint="Its name in the back office and in breadcrumbs."
          />
          <Field label="Template" name="template" error={errors.template} hint={TEMPLATE_HINTS[template]}>
            {(control) => (
              <NativeSelect
                {...control}
                value={template}
                onChange={(event) => {
                  const chosen = event.currentTarget.value as NewPageTemplate
                  setTemplate(chosen)
                  setHidden(hiddenBy(chosen))
                }}
              >
                {Object.entries(PAGE_TEMPLATE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <CheckboxField
            name="hidden"
            label="Hide from search engines"
            checked={hidden}
            onChange={(event) => setHidden(event.currentTarget.checked)}
          />
          <p className="-mt-3 text-xs text-muted-foreground">
            For a campaign’s page reached from an ad or an e-mail: it stays out of search results and the sitemap.
          </p>
          <div className="flex justify-end">
            <Button type="submit" disabled={saving}>
              {saving ? 'Creating...' : 'Create Page'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </Form>
  )
}

export const ErrorBoundary = adminErrorBoundary(section.messages.loadFailed)
