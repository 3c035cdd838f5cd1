import { ExternalLink } from 'lucide-react'
import { useState } from 'react'
import { editorMeta } from '~/components/admin/admin-screen'
import { DraftOffer, useAutosave } from '~/components/admin/autosave'
import { EditorForm, EditorPage } from '~/components/admin/editor-form'
import { CoverPicker, imageTextDefaults } from '~/components/admin/image-picker'
import { SearchFieldsEditor } from '~/components/admin/search-fields-editor'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { CheckboxField } from '~/components/ui/checkbox-field'
import { FormField } from '~/components/ui/form-field'
import { adminSection } from '~/lib/admin-sections'
import { withImageText } from '~/lib/images'
import { caseStudyHref } from '~/lib/case-study-links'
import {
  CASE_STUDY_LIMITS as L,
  caseStudyFormValues,
  caseStudySchema,
  repeatedFigureWarning,
  type CaseStudyText,
  type ShownFigure,
} from '~/lib/case-study-schema'
import { searchFormText } from '~/lib/search-fields'
import { MAX_SLUG_LENGTH } from '~/lib/slugify'
import { editorRoute } from '~/server/http/editor.server'
import { getCaseStudy, listIndustries, type CaseStudyRecord } from '~/server/repositories/case-studies.server'
import { caseStudyConflicts, caseStudyRevisions, repeatsAFigure, saveCaseStudy, shownFigures } from '~/server/services/case-studies.server'
import { chosenFile, IMAGE_PLACES } from '~/server/services/media.server'
import type { Route } from './+types/case-study-editor'

const section = adminSection('case-studies')
export const meta = editorMeta(section)

const editor = editorRoute(section, {
  read: getCaseStudy,
  more: async (db) => ({ industries: await listIndustries(db), figures: await shownFigures(db) }),
  values: (form, existing) => caseStudyFormValues(form, { chosen: chosenFile(form.get('image')) !== null, stored: existing !== null }),
  schema: caseStudySchema,
  image: { field: 'image', place: IMAGE_PLACES.caseStudy, failure: 'Failed to upload image', saved: 'Image uploaded successfully' },
  write: saveCaseStudy,
  revisions: caseStudyRevisions,
  conflicts: caseStudyConflicts,
  warnsAfterSave: repeatsAFigure,
})
export const loader = editor.loader
export const action = editor.action

/** The stored study as the form's text: results one per line, tags comma separated. */
function storedText({
  title,
  slug,
  client,
  industry,
  briefDesc,
  challenge,
  solution,
  results,
  tags,
  testimonial,
  headline,
  published,
  search,
}: CaseStudyRecord): CaseStudyText {
  const story = { title, slug, client, industry, briefDesc, challenge, solution, results: results.join('\n'), tags: tags.join(', ') }
  const quote = { testimonialQuote: testimonial.quote, testimonialAuthor: testimonial.author, testimonialPosition: testimonial.position }
  return {
    ...story,
    ...quote,
    headlineFigure: headline?.figure ?? '',
    headlineLabel: headline?.label ?? '',
    draft: !published,
    ...searchFormText(search),
  }
}

// Long text grows with what is typed; field-sizing ignores `rows`, so each keeps its least height here.
const leastHeight = {
  2: 'min-h-[calc(2lh_+_1rem_+_2px)]',
  3: 'min-h-[calc(3lh_+_1rem_+_2px)]',
  4: 'min-h-[calc(4lh_+_1rem_+_2px)]',
  5: 'min-h-[calc(5lh_+_1rem_+_2px)]',
}
const growing = (rows: keyof typeof leastHeight) => ({
  multiline: true,
  rows,
  controlClassName: `field-sizing-content max-h-[32rem] ${leastHeight[rows]}`,
})

export default function CaseStudyEditor({
  loaderData: { record: study, draft, imageText, industries, figures },
  actionData,
}: Route.ComponentProps) {
  const autosave = useAutosave({
    type: 'case-study',
    recordKey: study?.id ?? 'new',
    version: study?.version ?? null,
    serverDraft: draft as { values: CaseStudyText; savedAt: string } | null,
    listPath: section.path,
    capture: (form): CaseStudyText => caseStudyFormValues(new FormData(form), { chosen: false, stored: study !== null }),
  })
  const values: CaseStudyText | null = autosave.restored?.values ?? actionData?.values ?? (study && storedText(study))
  // A new study needs an image; the browser knows whether one is chosen (an empty file input sends a nameless file).
  const { errors, field, formProps } = useEditorForm(
    withImageText((form) =>
      caseStudySchema.safeParse(
        caseStudyFormValues(form, { chosen: Boolean((form.get('image') as File | null)?.name), stored: study !== null }),
      ),
    ),
    actionData,
    values,
  )
  // Only a page the server drew for a refused post has lost its chosen file; with JavaScript the input keeps it.
  const [drawnForRefusal] = useState(actionData)
  const imageNote =
    errors.image ??
    (drawnForRefusal?.values.fileChosen ? 'Please choose the image again: it was not kept because the form had errors.' : undefined)
  return (
    <EditorPage section={section} editing={study !== null} historyHref={study ? `${section.path}/history/${study.id}` : undefined}>
      <DraftOffer autosave={autosave} />
      <EditorForm
        key={`${study?.id ?? 'new'}-${autosave.restored?.times ?? 0}`}
        {...formProps}
        version={study?.version}
        answer={actionData}
        guardUnsaved
        changed={Boolean(autosave.restored)}
        autosave={autosave}
        section={section}
        className="max-w-none"
      >
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid min-w-0 content-start gap-6">
            <Part title="Case Study">
              <FormField label="Title" required maxLength={L.title} autoComplete="off" {...field('title')} />
              <FormField
                label="Slug"
                optional
                maxLength={MAX_SLUG_LENGTH}
                autoComplete="off"
                hint={
                  study
                    ? 'The page is at /case-studies/{slug}. Changing it sends the old address on to the new one.'
                    : 'Empty makes it from the title.'
                }
                {...field('slug')}
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField
                  label="Client"
                  required
                  maxLength={L.client}
                  autoComplete="off"
                  placeholder="e.g. Bayou Family Clinic"
                  {...field('client')}
                />
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
              <FormField
                label="Brief description"
                required
                maxLength={L.briefDesc}
                hint="Two sentences shown on the card before it is opened."
                {...growing(3)}
                {...field('briefDesc')}
              />
            </Part>
            <Part title="The Story">
              <FormField label="Challenge" required maxLength={L.story} {...growing(5)} {...field('challenge')} />
              <FormField label="Solution" required maxLength={L.story} {...growing(5)} {...field('solution')} />
              <FormField
                label="Results"
                required
                hint={`One result per line, up to ${L.results}; at least one is required.`}
                {...growing(4)}
                {...field('results')}
              />
              <div className="grid gap-5 sm:grid-cols-[12rem_minmax(0,1fr)]">
                <HeadlineFigureField others={figures} ownId={study?.id ?? null} {...field('headlineFigure')} />
                <FormField
                  label="What the figure measures"
                  optional
                  maxLength={L.headlineLabel}
                  autoComplete="off"
                  placeholder="e.g. missed calls a week"
                  {...field('headlineLabel')}
                />
              </div>
            </Part>
            <Part title="Search and sharing">
              <SearchFieldsEditor
                own={{
                  path: study ? caseStudyHref(study.slug) : '/case-studies/…',
                  titleField: 'title',
                  descriptionField: 'briefDesc',
                  image: study?.imageUrl,
                }}
                values={values}
                field={field}
              />
            </Part>
            <Part title="Testimonial">
              <FormField label="Quote" required maxLength={L.quote} {...growing(3)} {...field('testimonialQuote')} />
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField
                  label="Author"
                  required
                  maxLength={L.name}
                  autoComplete="off"
                  placeholder="e.g. Denise Robichaux"
                  {...field('testimonialAuthor')}
                />
                <FormField
                  label="Author's position"
                  required
                  maxLength={L.name}
                  autoComplete="off"
                  placeholder="e.g. Practice Manager"
                  {...field('testimonialPosition')}
                />
              </div>
            </Part>
          </div>
          <div className="grid content-start gap-6">
            <Part title="Image" group>
              <CoverPicker
                currentUrl={study?.imageUrl ?? null}
                inputName="image"
                error={imageNote}
                text={{ defaults: imageTextDefaults(actionData?.values, imageText), error: errors.imageAlt }}
                restoredFile={autosave.restored?.files.image}
              />
            </Part>
            <Part>
              <FormField label="Tags" optional hint="Separate tags with commas or put one per line." {...growing(2)} {...field('tags')} />
              <div className="grid gap-1.5">
                <CheckboxField label="Draft" name="draft" defaultChecked={values?.draft ?? false} aria-describedby="draft-hint" />
                <p id="draft-hint" className="text-xs text-muted-foreground">
                  A draft is left out of the site: only signed-in admins can open its page.
                </p>
              </div>
              {study && (
                <p className="text-xs text-muted-foreground">
                  Public link:{' '}
                  <a
                    href={caseStudyHref(study.slug)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-mono text-primary underline underline-offset-4"
                  >
                    {caseStudyHref(study.slug)}
                    <ExternalLink aria-hidden className="size-3" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </p>
              )}
            </Part>
          </div>
        </div>
      </EditorForm>
    </EditorPage>
  )
}

/**
 * The headline figure, warned (not refused) when another study already shows it: on the page the
 * server draws, and again as the admin types.
 */
function HeadlineFigureField({
  others,
  ownId,
  defaultValue,
  ...field
}: {
  others: ShownFigure[]
  ownId: string | null
  name: string
  defaultValue: string
  error?: string
}) {
  const [figure, setFigure] = useState(defaultValue)
  const warning = repeatedFigureWarning(figure, others, ownId)
  return (
    <FormField
      label="Headline figure"
      optional
      maxLength={L.headlineFigure}
      autoComplete="off"
      placeholder="e.g. 30 → 4"
      hint={
        warning ? (
          <span className="text-amber-700 dark:text-amber-400" data-testid="headline-figure-warning">
            {warning}
          </span>
        ) : (
          "Shown large on the study's page, its cards and the home page."
        )
      }
      defaultValue={defaultValue}
      onChange={(event) => setFigure(event.currentTarget.value)}
      {...field}
    />
  )
}

/** One card of the form; a titled `group` names the control inside it for screen readers. */
function Part({ title, group, children }: { title?: string; group?: boolean; children: React.ReactNode }) {
  const titleId = group ? `${title?.toLowerCase()}-label` : undefined
  return (
    <Card>
      {title && (
        <CardHeader>
          <CardTitle id={titleId}>{title}</CardTitle>
        </CardHeader>
      )}
      <CardContent role={group ? 'group' : undefined} aria-labelledby={titleId} className="grid gap-5">
        {children}
      </CardContent>
    </Card>
  )
}
