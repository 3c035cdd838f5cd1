import { CalendarClock, Send } from 'lucide-react'
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { DraftOffer, useAutosave } from '~/components/admin/autosave'
import { SearchFieldsEditor } from '~/components/admin/search-fields-editor'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes'
import { useErrorToasts } from '~/components/admin/use-error-toasts'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FormField } from '~/components/ui/form-field'
import { BLOCKS, type BlockType } from '~/lib/blocks/catalog'
import { formatDateTime, timeZoneLabel } from '~/lib/dates'
import { fieldErrorClass } from '~/lib/field-note'
import { type Block, PAGE_LIMITS, type PageContent } from '~/lib/page-content'
import { HIDE_FROM_SEARCH, searchFormText } from '~/lib/search-fields'
import { useTimeZone } from '~/lib/use-time-zone'
import { BlockCard, type BlockAction, type DropSide } from './block-card'
import { BlockLibrary } from './block-library'
import { type CaseStudyChoice, type LibraryImage, PageEditorContext } from './editor-context'
import { type Update, textareaClass } from './field-controls'
import {
  checkDraft,
  draftOf,
  moved,
  newBlock,
  newBlockId,
  type PageDraftValues,
  pageDraftValues,
  setAt,
  valueAt,
  withKeys,
  withoutKeys,
} from './page-draft'
import { PageStatusBadge, type PageStatus } from './page-status'
import { PreviewPane } from './preview-pane'

/** The page the editor opens, as the server reads it. */
export interface EditedPage {
  id: string
  path: string
  name: string
  version: string
  draft: PageContent
  status: PageStatus
  scheduledAt: string | null
}

/** The action's answer to a refused save: the messages by field path, and a banner for a save that missed. */
export interface PageRefusal {
  errors: Record<string, string>
  failure: string | null
  toast: string
}

const PAGES_PATH = '/admin/pages'

/** The search fields' form names, by the path of the content they fill. */
const SEARCH_FIELDS = { 'search.title': 'seoTitle', 'search.description': 'metaDescription', 'search.image': 'socialImage' } as const

/** The form's name for a content path: the search fields are the shared editor's own inputs. */
const fieldKey = (key: string) => (key in SEARCH_FIELDS ? SEARCH_FIELDS[key as keyof typeof SEARCH_FIELDS] : key)

interface EditorProps {
  page: EditedPage
  caseStudies: CaseStudyChoice[]
  images: LibraryImage[]
  answer: PageRefusal | undefined
}

/**
 * The page editor with its autosave: what is typed is kept as a draft apart from the page (in this
 * browser at once, on the server after a pause), and a draft newer than the page is offered back.
 */
export function PageEditorForm({ autosaved, ...props }: EditorProps & { autosaved: { values: PageDraftValues; savedAt: string } | null }) {
  const autosave = useAutosave<PageDraftValues>({
    type: 'page',
    recordKey: props.page.id,
    version: props.page.version,
    serverDraft: autosaved,
    listPath: PAGES_PATH,
  })
  // A draft kept in this browser is read back as it was stored: only one this editor can open is used.
  const restored = autosave.restored ? pageDraftValues(autosave.restored.values) : null
  return (
    <>
      <DraftOffer autosave={autosave} />
      {/* A fresh editor for each saved version and each restored draft: what it starts from. */}
      <PageEditor
        key={`${props.page.version}-${autosave.restored?.times ?? 0}`}
        {...props}
        restored={restored}
        keep={autosave.keep}
        autosaveStatus={autosave.status}
      />
    </>
  )
}

/**
 * The page's own fields, its blocks as cards (each with its form), and the preview beside them. The
 * page is held here as typed, checked with the server's schema on every change, and sent as one JSON
 * value with the page's path, name and version, and what to do with it.
 */
function PageEditor({
  page,
  caseStudies,
  images,
  answer,
  restored,
  keep,
  autosaveStatus,
}: EditorProps & { restored: PageDraftValues | null; keep: (values: PageDraftValues) => void; autosaveStatus: string | null }) {
  const timeZone = useTimeZone()
  const start = restored?.content ?? page.draft
  const [draft, setDraft] = useState(() => draftOf(start))
  const [path, setPath] = useState(restored?.path ?? page.path)
  const [name, setName] = useState(restored?.name ?? page.name)
  const [scheduleAt, setScheduleAt] = useState('')
  // A restored draft is unsaved work, as it was when it was kept.
  const [changed, setChanged] = useState(restored !== null)
  const [touched, setTouched] = useState<Set<string>>(() => new Set())
  const [sent, setSent] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(answer?.errors ?? {})
  const [open, setOpen] = useState<Set<string>>(() => new Set())
  const [announcement, setAnnouncement] = useState('')
  const [dragged, setDragged] = useState<string | null>(null)
  const [dropAt, setDropAt] = useState<{ id: string; side: DropSide } | null>(null)
  const toasts = useErrorToasts()
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const focusAfterRender = useRef<string | null>(null)

  const checked = useMemo(() => checkDraft(draft), [draft])

  const autosaveNow = useEffectEvent(() => keep({ path, name, content: withoutKeys(draft) as PageContent }))
  useEffect(() => {
    if (changed) autosaveNow()
  }, [draft, path, name, changed])
  const pageErrors = useMemo(() => {
    const found: Record<string, string> = {}
    if (!path.trim()) found.path = 'Path is required'
    else if (!path.startsWith('/')) found.path = 'Start the path with / (such as /lp/spring-offer)'
    if (!name.trim()) found.name = 'Name is required'
    return found
  }, [path, name])

  // A refused save's messages show at their fields; a missed save's banner above the form.
  const showAnswer = useEffectEvent((refused: PageRefusal) => {
    setServerErrors(refused.errors)
    setSent(true)
    if (refused.toast) toasts.show(refused.toast)
    openBlocksWith(Object.keys(refused.errors))
  })
  useEffect(() => {
    if (answer) showAnswer(answer)
  }, [answer])

  const shownErrors = useMemo(() => {
    const shown: Record<string, string> = {}
    for (const [key, message] of Object.entries({ ...checked, ...pageErrors })) {
      // The page's structure (a second main heading, a list left empty) shows at once; a field's, once changed or sent.
      const structural = key === 'blocks' || key.endsWith('.type') || Array.isArray(valueAt(draft, key.split('.')))
      if (sent || touched.has(key) || structural) shown[fieldKey(key)] = message
    }
    for (const [key, message] of Object.entries(serverErrors)) {
      shown[fieldKey(key)] ??= message
    }
    return shown
  }, [checked, pageErrors, serverErrors, sent, touched, draft])

  // After a refused send opens the blocks with problems, the first problem's field takes the focus.
  useEffect(() => {
    if (!focusAfterRender.current) return
    document.getElementById(`field-${focusAfterRender.current}`)?.focus()
    focusAfterRender.current = null
  })

  function openBlocksWith(keys: string[]) {
    const ids = keys.flatMap((key) => {
      const index = /^blocks\.(\d+)\.data\./.exec(key)?.[1]
      return index === undefined ? [] : [draft.blocks[Number(index)]?.id ?? '']
    })
    if (ids.length > 0) setOpen((current) => new Set([...current, ...ids]))
  }

  const touch = (key: string) => {
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)))
    setServerErrors(({ [key]: _fixed, ...others }) => others)
  }

  const edit = (next: (current: PageContent) => PageContent) => {
    setDraft(next)
    setChanged(true)
  }

  const update: Update = (at, value) => edit((current) => setAt(current, at, value))

  const shared = useMemo(() => ({ caseStudies, images, errors: shownErrors, touch }), [caseStudies, images, shownErrors])

  function blockAction(index: number, action: BlockAction) {
    const block = draft.blocks[index]!
    const label = BLOCKS[block.type].label
    if (action === 'up' || action === 'down') {
      const to = action === 'up' ? index - 1 : index + 1
      edit((current) => ({ ...current, blocks: moved(current.blocks, index, to) }))
      setAnnouncement(`${label} moved to position ${to + 1} of ${draft.blocks.length}`)
      // The moved card's button keeps the focus, so Move up can be pressed again.
      focusAfterMove(block.id, action)
    } else if (action === 'duplicate') {
      const copy = {
        ...block,
        id: newBlockId(block.type),
        data: withKeys(BLOCKS[block.type].fields, withoutKeys(block.data) as Record<string, unknown>),
      }
      edit((current) => ({
        ...current,
        blocks: [...current.blocks.slice(0, index + 1), copy as Block, ...current.blocks.slice(index + 1)],
      }))
      setAnnouncement(`${label} duplicated below`)
    } else if (action === 'toggle-hidden') {
      edit((current) => setAt(current, ['blocks', index, 'hidden'], !block.hidden))
      setAnnouncement(`${label} ${block.hidden ? 'shown' : 'hidden'}`)
    } else {
      edit((current) => ({ ...current, blocks: current.blocks.filter((other) => other.id !== block.id) }))
      setAnnouncement(`${label} deleted`)
      toast(`${label} deleted`, {
        action: {
          label: 'Undo',
          onClick: () => {
            edit((current) => ({ ...current, blocks: [...current.blocks.slice(0, index), block, ...current.blocks.slice(index)] }))
            setAnnouncement(`${label} restored`)
          },
        },
      })
    }
  }

  function focusAfterMove(id: string, direction: 'up' | 'down') {
    requestAnimationFrame(() => {
      const card = document.querySelector(`[aria-controls="block-${CSS.escape(id)}-fields"]`)?.closest('li')
      const button = card?.querySelector<HTMLButtonElement>(`button[aria-label^="Move"][aria-label$="${direction}"]`)
      ;(button && !button.disabled ? button : card?.querySelector<HTMLButtonElement>('button[aria-expanded]'))?.focus()
    })
  }

  function addBlock(type: BlockType) {
    const block = newBlock(type)
    edit((current) => ({ ...current, blocks: [...current.blocks, block] }))
    setOpen((current) => new Set(current).add(block.id))
    setAnnouncement(`${BLOCKS[type].label} added at the end of the page`)
    requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(`[aria-controls="block-${CSS.escape(block.id)}-fields"]`)?.focus(),
    )
  }

  function dropOn(targetId: string, side: DropSide) {
    if (!dragged || dragged === targetId) return
    edit((current) => {
      const from = current.blocks.findIndex((block) => block.id === dragged)
      const without = current.blocks.filter((block) => block.id !== dragged)
      const target = without.findIndex((block) => block.id === targetId)
      return {
        ...current,
        blocks: [
          ...without.slice(0, target + (side === 'after' ? 1 : 0)),
          current.blocks[from]!,
          ...without.slice(target + (side === 'after' ? 1 : 0)),
        ],
      }
    })
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value
    const problems: Record<string, string> = { ...checked, ...pageErrors }
    if (intent === 'schedule' && !scheduleAt) problems.at = 'Choose when the page should change'
    toasts.clear()
    setSent(true)
    if (Object.keys(problems).length === 0) return
    event.preventDefault()
    setServerErrors(intent === 'schedule' && !scheduleAt ? { at: problems.at! } : {})
    const [firstKey, firstMessage] = Object.entries(problems)[0]!
    toasts.show(firstMessage)
    openBlocksWith(Object.keys(problems))
    focusAfterRender.current = fieldKey(firstKey)
  }

  /** The search fields are the shared editor's own inputs: what they hold is read into the page as typed. */
  function readSearchFields(form: HTMLFormElement, target: EventTarget) {
    const field = (target as HTMLInputElement).name
    if (!['seoTitle', 'metaDescription', 'socialImage', HIDE_FROM_SEARCH].includes(field)) return
    const text = (fieldName: string) => {
      const value = (form.elements.namedItem(fieldName) as HTMLInputElement | null)?.value.trim() ?? ''
      return value || null
    }
    const hidden = (form.elements.namedItem(HIDE_FROM_SEARCH) as HTMLInputElement | null)?.checked ?? false
    const key = Object.entries(SEARCH_FIELDS).find(([, name]) => name === field)?.[0]
    if (key) touch(key)
    edit((current) => ({
      ...current,
      search: { title: text('seoTitle'), description: text('metaDescription'), image: text('socialImage'), hidden },
    }))
  }

  const content = JSON.stringify(withoutKeys(draft))
  const searchValues = searchFormText(start.search)
  const blockCount = draft.blocks.length
  return (
    <PageEditorContext value={shared}>
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] 2xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <Form
          method="post"
          noValidate
          onSubmit={onSubmit}
          onChange={(event) => readSearchFields(event.currentTarget, event.target)}
          className="grid min-w-0 grid-cols-1 content-start gap-6"
        >
          <UnsavedChangesGuard dirty={changed} />
          <input type="hidden" name="version" value={page.version} />
          <input type="hidden" name="content" value={content} />
          {answer?.failure && (
            <Alert variant="destructive" role="alert">
              {answer.failure}
            </Alert>
          )}
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Page</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <FormField
                label="Name"
                name="name"
                value={name}
                maxLength={80}
                error={shownErrors.name}
                hint="The page’s name in the back office and in breadcrumbs."
                onChange={(event) => {
                  touch('name')
                  setName(event.currentTarget.value)
                  setChanged(true)
                }}
              />
              <FormField
                label="Path"
                name="path"
                value={path}
                maxLength={200}
                autoComplete="off"
                error={shownErrors.path}
                hint={
                  path !== page.path
                    ? 'Saved, the page moves to the new path; if visitors can see it, the old path sends them on to it.'
                    : 'The page’s address on the site.'
                }
                onChange={(event) => {
                  touch('path')
                  setPath(event.currentTarget.value)
                  setChanged(true)
                }}
              />
              <FormField
                label="Title"
                name="title"
                value={draft.title}
                maxLength={PAGE_LIMITS.title}
                optional
                error={shownErrors.title}
                hint="In the browser’s tab and search results, before the company’s name; empty shows the name alone."
                onChange={(event) => {
                  touch('title')
                  update(['title'], event.currentTarget.value)
                }}
              />
              <Field
                label="Description"
                name="description"
                error={shownErrors.description}
                hint="The page’s summary in search results and share cards."
              >
                {(control) => (
                  <textarea
                    {...control}
                    rows={3}
                    value={draft.description}
                    maxLength={PAGE_LIMITS.description}
                    onChange={(event) => {
                      touch('description')
                      update(['description'], event.currentTarget.value)
                    }}
                    className={textareaClass}
                  />
                )}
              </Field>
            </CardContent>
          </Card>

          <section aria-labelledby="blocks-heading" className="grid grid-cols-1 gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="blocks-heading" className="text-lg font-semibold">
                Blocks
              </h2>
              <BlockLibrary onAdd={addBlock} />
            </div>
            {shownErrors.blocks && (
              <p id="field-blocks" tabIndex={-1} className={fieldErrorClass}>
                {shownErrors.blocks}
              </p>
            )}
            <p className="sr-only" aria-live="polite">
              {announcement}
            </p>
            {blockCount === 0 ? (
              <p className="rounded-2xl border border-dashed p-8 text-center text-sm text-muted-foreground">
                No blocks yet: add a page header or a hero first, then the bands that follow it.
              </p>
            ) : (
              <ol className="grid grid-cols-1 gap-4">
                {draft.blocks.map((block, index) => (
                  <BlockCard
                    key={block.id}
                    block={block}
                    index={index}
                    count={blockCount}
                    open={open.has(block.id)}
                    onToggleOpen={() =>
                      setOpen((current) => {
                        const next = new Set(current)
                        if (!next.delete(block.id)) next.add(block.id)
                        return next
                      })
                    }
                    onAction={(action) => blockAction(index, action)}
                    update={update}
                    drag={{
                      start: (event) => {
                        event.dataTransfer.effectAllowed = 'move'
                        event.dataTransfer.setData('text/plain', block.id)
                        const card = (event.currentTarget as HTMLElement).closest('li')
                        if (card) event.dataTransfer.setDragImage(card, 24, 24)
                        setDragged(block.id)
                      },
                      over: (event) => {
                        if (!dragged) return
                        event.preventDefault()
                        const box = event.currentTarget.getBoundingClientRect()
                        const side = event.clientY < box.top + box.height / 2 ? 'before' : 'after'
                        if (dropAt?.id !== block.id || dropAt.side !== side) setDropAt({ id: block.id, side })
                      },
                      drop: (event) => {
                        event.preventDefault()
                        if (dropAt) dropOn(block.id, dropAt.side)
                        setDragged(null)
                        setDropAt(null)
                      },
                      end: () => {
                        setDragged(null)
                        setDropAt(null)
                      },
                      dropSide: dragged && dragged !== block.id && dropAt?.id === block.id ? dropAt.side : null,
                      dragging: dragged === block.id,
                    }}
                  />
                ))}
              </ol>
            )}
          </section>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">Search and sharing</CardTitle>
            </CardHeader>
            <CardContent>
              <SearchFieldsEditor
                own={{ path, titleField: 'title', descriptionField: 'description' }}
                values={searchValues}
                field={(fieldName) => ({ name: fieldName, defaultValue: searchValues[fieldName], error: shownErrors[fieldName] })}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">Publishing</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <PageStatusBadge status={page.status} scheduledAt={page.scheduledAt} />
                {page.status === 'changed' && (
                  <span className="text-muted-foreground">The saved draft differs from what visitors see.</span>
                )}
              </p>
              <FormField
                label="Schedule for"
                name="at"
                type="datetime-local"
                value={scheduleAt}
                error={shownErrors.at}
                hint={`Used by Schedule: the draft goes live at this time, on the site’s clock (${timeZoneLabel(timeZone)}).${
                  page.scheduledAt
                    ? ` A change is already scheduled for ${formatDateTime(page.scheduledAt, timeZone)}; a new schedule replaces it.`
                    : ''
                }`}
                onChange={(event) => {
                  touch('at')
                  setScheduleAt(event.currentTarget.value)
                }}
              />
            </CardContent>
          </Card>

          {/* Stays in sight at the bottom of the screen however long the page is. */}
          <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-2 rounded-t-xl border-t bg-background/95 px-1 py-3 backdrop-blur">
            <p className="mr-auto text-sm text-muted-foreground" aria-live="polite" data-testid="autosave-status">
              {saving ? 'Saving…' : changed ? (autosaveStatus ?? 'Unsaved changes') : ''}
            </p>
            <Button type="submit" name="intent" value="draft" variant="outline" disabled={saving}>
              Save Draft
            </Button>
            <Button type="submit" name="intent" value="schedule" variant="outline" disabled={saving}>
              <CalendarClock aria-hidden />
              Schedule
            </Button>
            <Button type="submit" name="intent" value="publish" disabled={saving}>
              <Send aria-hidden />
              Publish
            </Button>
          </div>
        </Form>
        <div className="min-w-0 xl:sticky xl:top-4 xl:self-start">
          <PreviewPane previewPath={`/admin/pages/preview/${page.id}`} content={content} changed={changed} />
        </div>
      </div>
    </PageEditorContext>
  )
}
