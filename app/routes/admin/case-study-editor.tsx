import { ArrowLeft, ExternalLink } from 'lucide-react'
import { useState } from 'react'
import { data, Form, Link, useFormAction, useNavigation } from 'react-router'
import { CoverPicker } from '~/components/admin/image-picker'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes'
import { useFormCheck } from '~/components/admin/use-form-check'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import { Input, Label } from '~/components/ui/input'
import { CASE_STUDY_LIMITS, caseStudyFormValues, caseStudySchema, type CaseStudyFormValues, type CaseStudyInput } from '~/lib/case-study-schema'
import { fieldErrors } from '~/lib/schemas'
import { editedId } from '~/lib/editor-mode'
import { pageTitle } from '~/lib/seo'
import type { LoadContext } from '~/load-context'
import { requireUser } from '~/server/auth.server'
import {
  createCaseStudy,
  getCaseStudy,
  knownIndustrySpelling,
  listIndustries,
  updateCaseStudy,
  type CaseStudyFields,
  type CaseStudyRecord,
} from '~/server/case-studies.server'
import type { Db } from '~/server/db/schema.server'
import { readForm } from '~/server/form-data.server'
import { chosenFile, IMAGE_EDGE, ImageRejected, removeMediaFile, saveImage } from '~/server/storage.server'
import { recordToEdit } from '~/server/editor.server'
import { redirectWithToast, toastHeaders } from '~/server/toast.server'
import type { Route } from './+types/case-study-editor'

type FieldErrors = Partial<Record<keyof CaseStudyFormValues, string>>
type TextFieldName = Exclude<keyof CaseStudyFormValues, 'image'>

const LIST = '/admin/case-studies'
const L = CASE_STUDY_LIMITS

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: pageTitle(matches, editedId(params) ? 'Edit Case Study' : 'New Case Study') },
]

function studyToEdit(context: LoadContext, params: { id?: string }): Promise<CaseStudyRecord | null> {
  return recordToEdit(context, params, getCaseStudy, { list: LIST, failure: 'Failed to load case study' })
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const study = await studyToEdit(context, params)
  return { study, industries: await listIndustries(context.db) }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const { db } = context
  const existing = await studyToEdit(context, params)
  const failTitle = existing ? 'Failed to update case study' : 'Failed to create case study'
  const form = await readForm(request)
  const file = chosenFile(form.get('image'))
  const values = caseStudyFormValues(form, file !== null || existing !== null)
  const showAgain = async (errors: FieldErrors, title: string, description?: string, status = 400) =>
    data(
      // A browser never refills a file input, so a chosen file that was not kept must be chosen again.
      { values, errors, fileDropped: file !== null },
      { status, headers: await toastHeaders(context, { type: 'error', title, description }) },
    )

  const parsed = caseStudySchema.safeParse(values)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return showAgain(errors, failTitle, Object.values(errors)[0])
  }

  let newImage: string | null = null
  if (file) {
    try {
      newImage = await saveImage(db, file, { bucket: 'images', folder: 'case-studies', maxEdge: IMAGE_EDGE.post })
    } catch (error) {
      if (!(error instanceof ImageRejected)) console.error('Case study image upload failed:', error)
      const message = error instanceof ImageRejected ? error.message : 'Failed to upload image'
      return showAgain({ image: message }, 'Failed to upload image', undefined, error instanceof ImageRejected ? 400 : 500)
    }
  }

  try {
    // The schema refused a new study without a file, so one of the two is there.
    const fields = await fieldsOf(db, parsed.data, newImage ?? existing!.image, existing?.id)
    await writeCaseStudy(db, existing, fields)
  } catch (error) {
    console.error(existing ? `Updating case study ${existing.id} failed:` : 'Creating a case study failed:', error)
    // Nothing points to the new file, so nothing ever will.
    await removeMediaFile(db, newImage)
    return showAgain({}, failTitle, 'Please try again in a moment.', 500)
  }
  if (existing && newImage) await removeMediaFile(db, existing.image)

  return redirectWithToast(context, LIST, {
    type: 'success',
    title: existing ? 'Case study updated successfully' : 'Case study created successfully',
    ...(newImage && { description: 'Image uploaded successfully' }),
  })
}

async function fieldsOf(db: Db, input: CaseStudyInput, image: string, exceptId?: string): Promise<CaseStudyFields> {
  return {
    title: input.title,
    client: input.client,
    industry: await knownIndustrySpelling(db, input.industry, exceptId),
    briefDesc: input.briefDesc,
    challenge: input.challenge,
    solution: input.solution,
    results: input.results,
    tags: input.tags,
    image,
    testimonial: { quote: input.testimonialQuote, author: input.testimonialAuthor, position: input.testimonialPosition },
    position: input.position,
  }
}

async function writeCaseStudy(db: Db, existing: CaseStudyRecord | null, fields: CaseStudyFields): Promise<void> {
  if (!existing) {
    await createCaseStudy(db, fields)
    return
  }
  if (!(await updateCaseStudy(db, existing.id, fields))) throw new Error(`Case study ${existing.id} was deleted meanwhile`)
}

export default function CaseStudyEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { study, industries } = loaderData
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={LIST}>
          <ArrowLeft aria-hidden />
          Back to Case Studies
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold">{study ? 'Edit Case Study' : 'New Case Study'}</h1>
      <CaseStudyForm key={study?.id ?? 'new'} study={study} industries={industries} submitted={actionData} />
    </>
  )
}

function formValuesOf(study: CaseStudyRecord | null): CaseStudyFormValues {
  return {
    title: study?.title ?? '',
    client: study?.client ?? '',
    industry: study?.industry ?? '',
    briefDesc: study?.briefDesc ?? '',
    challenge: study?.challenge ?? '',
    solution: study?.solution ?? '',
    results: study?.results.join('\n') ?? '',
    tags: study?.tags.join(', ') ?? '',
    testimonialQuote: study?.testimonial.quote ?? '',
    testimonialAuthor: study?.testimonial.author ?? '',
    testimonialPosition: study?.testimonial.position ?? '',
    position: study ? String(study.position) : '',
    image: study !== null,
  }
}

type Submitted = { values: CaseStudyFormValues; errors: FieldErrors; fileDropped: boolean } | undefined

function CaseStudyForm({ study, industries, submitted }: { study: CaseStudyRecord | null; industries: string[]; submitted: Submitted }) {
  const navigation = useNavigation()
  const formAction = useFormAction()
  const saving = navigation.state !== 'idle' && navigation.formAction === formAction
  const values = submitted?.values ?? formValuesOf(study)
  const { clientErrors, checkBeforeSubmit } = useFormCheck((form) => {
    // A new study needs an image; the browser knows whether one is chosen.
    const picked = (form.elements.namedItem('image') as HTMLInputElement | null)?.files?.length ?? 0
    return caseStudySchema.safeParse(caseStudyFormValues(new FormData(form), picked > 0 || study !== null))
  })
  const errors = clientErrors ?? submitted?.errors ?? {}
  const [dirty, setDirty] = useState(submitted !== undefined)
  // Each text field's name, its value as last typed (or as stored) and its error.
  const field = <N extends TextFieldName>(name: N) => ({ name, defaultValue: values[name], error: errors[name] })

  return (
    <>
      <UnsavedChangesGuard dirty={dirty && !saving} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={checkBeforeSubmit}
        onChange={() => setDirty(true)}
        className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <div className="grid min-w-0 content-start gap-6">
          {submitted?.errors && Object.keys(submitted.errors).length === 0 && (
            <Alert variant="destructive">The case study could not be saved. Please try again in a moment.</Alert>
          )}
          <Card>
            <CardHeader>
              <CardTitle>Case Study</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <FormField label="Title" required maxLength={L.title} autoComplete="off" {...field('title')} />
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="Client" required maxLength={L.client} autoComplete="off" placeholder="e.g. Bayou Family Clinic" {...field('client')} />
                <FormField
                  label="Industry"
                  required
                  maxLength={L.industry}
                  autoComplete="off"
                  list="industry-options"
                  placeholder="e.g. Healthcare"
                  {...field('industry')}
                />
                <datalist id="industry-options">
                  {industries.map((industry) => (
                    <option key={industry} value={industry} />
                  ))}
                </datalist>
              </div>
              <TextArea
                label="Brief description"
                rows={3}
                maxLength={L.briefDesc}
                hint="Two sentences shown on the card before it is opened."
                {...field('briefDesc')}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>The Story</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <TextArea label="Challenge" rows={5} maxLength={L.story} {...field('challenge')} />
              <TextArea label="Solution" rows={5} maxLength={L.story} {...field('solution')} />
              <TextArea label="Results" rows={4} hint={`One result per line, up to ${L.results}; at least one is required.`} {...field('results')} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Testimonial</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <TextArea label="Quote" rows={3} maxLength={L.quote} {...field('testimonialQuote')} />
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="Author" required maxLength={L.name} autoComplete="off" placeholder="e.g. Denise Robichaux" {...field('testimonialAuthor')} />
                <FormField
                  label="Author's position"
                  required
                  maxLength={L.name}
                  autoComplete="off"
                  placeholder="e.g. Practice Manager"
                  {...field('testimonialPosition')}
                />
              </div>
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <ImageCard
            currentUrl={study?.image ?? null}
            error={errors.image}
            fileDropped={submitted?.fileDropped === true && !errors.image}
          />
          <Card>
            <CardContent className="grid gap-5">
              <TextArea label="Tags" rows={2} optional hint="Separate tags with commas or put one per line." {...field('tags')} />
              <PositionField {...field('position')} />
              {study && (
                <p className="text-xs text-muted-foreground">
                  Public link:{' '}
                  <a
                    href={`/case-studies#${study.id}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-mono text-primary hover:underline"
                  >
                    /case-studies#{study.id}
                    <ExternalLink aria-hidden className="size-3" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </p>
              )}
            </CardContent>
          </Card>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={LIST}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Case Study'}
            </Button>
          </div>
        </div>
      </Form>
    </>
  )
}

const textareaClass =
  'field-sizing-content max-h-[32rem] w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm'

/** A labelled textarea with an optional hint; its error replaces the hint and is announced with it. */
function TextArea({
  label,
  name,
  hint,
  error,
  optional = false,
  ...props
}: { label: string; name: TextFieldName; hint?: string; error?: string; optional?: boolean } & Pick<
  React.ComponentProps<'textarea'>,
  'rows' | 'maxLength' | 'defaultValue'
>) {
  const id = `field-${name}`
  const noteId = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      <textarea
        id={id}
        name={name}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        className={textareaClass}
        // It grows with its text; `rows` is the least it shows (padding and border added).
        style={{ minHeight: `calc(${props.rows ?? 2}lh + 1rem + 2px)` }}
        {...props}
      />
      {error ? (
        <p id={noteId} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  )
}

function PositionField({ name, defaultValue, error }: { name: 'position'; defaultValue: string; error?: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="field-position">
        Order <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Input
        id="field-position"
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'field-position-error' : 'field-position-hint'}
        className="w-28"
      />
      {error ? (
        <p id="field-position-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id="field-position-hint" className="text-xs text-muted-foreground">
          Lower numbers come first on the site. Leave empty to put it at the end.
        </p>
      )}
    </div>
  )
}

function ImageCard({ currentUrl, error, fileDropped }: { currentUrl: string | null; error?: string; fileDropped: boolean }) {
  const note = error ?? (fileDropped ? 'Please choose the image again: it was not kept because the form had errors.' : null)
  return (
    <Card>
      <CardHeader>
        <CardTitle id="image-label" className="text-base">
          Image
        </CardTitle>
      </CardHeader>
      <CardContent role="group" aria-labelledby="image-label" aria-describedby={note ? 'image-error' : undefined}>
        <CoverPicker currentUrl={currentUrl} inputName="image" />
        {note && (
          <p id="image-error" className="mt-2 text-sm text-destructive">
            {note}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
