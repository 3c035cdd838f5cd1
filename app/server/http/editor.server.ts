import { data, redirect } from 'react-router'
import type { ZodType } from 'zod'
import type { RecordSection } from '~/lib/admin-sections'
import { editedId } from '~/lib/editor-mode'
import { imageTextSchema, imageTextValues } from '~/lib/images'
import { fieldErrors, MAX_ID_LENGTH } from '~/lib/schemas'
import type { LoadContext } from '~/server/services/load-context.server'
import type { ActivityRecordType, Db } from '~/server/db/schema.server'
import { recordActivity } from '~/server/repositories/activity.server'
import { readForm } from '~/server/http/form-data.server'
import { deleteDraft, getDraft } from '~/server/repositories/drafts.server'
import { redirectWithToast } from '~/server/http/toast.server'
import { type OrderedTable, type RecordWrite, reorderRows, type WriteOutcome } from '~/server/repositories/versions.server'
import { forbidden, requireUser } from '~/server/services/auth.server'
import { atLeast } from '~/lib/admin-access'
import { keepRevision, type RevisionSpec } from '~/server/services/revisions.server'
import { countTrash } from '~/server/repositories/trash.server'
import { moveToTrash, restoreFromTrash, trashSnapshot, trashTypeOf } from '~/server/services/trash.server'
import type { User } from '~/server/services/users.server'
import { getFileAt } from '~/server/repositories/files.server'
import { chosenFile, deleteWithImage, ImageRejected, parseMediaUrl, type ImagePlace, writeWithImage } from '~/server/services/media.server'
import type { FieldErrors } from '~/lib/schemas'
import { movedRecord, movedTo } from '~/lib/record-order'
import { logger } from '~/server/log.server'

/**
 * The activity line of a save or delete in a section without revisions (posts and case studies log
 * theirs with each revision): in the write's transaction, named as the write reports its record.
 */
function recordSectionChange(trx: Db, section: RecordSection, user: User, action: 'created' | 'updated' | 'deleted', written: RecordWrite) {
  return recordActivity(trx, {
    user_email: user.email,
    action,
    record_type: sectionRecordType(section),
    record_id: written.id ?? null,
    title: written.name ?? null,
  })
}

/** A section's records in the log are named by the section (posts, case studies and pages keep their revision types). */
const REVISION_TYPES = { posts: 'post', 'case-studies': 'case-study', pages: 'page' } as const

const sectionRecordType = ({ content }: RecordSection): ActivityRecordType =>
  Object.hasOwn(REVISION_TYPES, content) ? REVISION_TYPES[content as keyof typeof REVISION_TYPES] : (content as ActivityRecordType)

/**
 * The record an editor route works on: null in create mode. An unknown id, or a read that fails,
 * sends the admin back to the list with an error toast ('Failed to load post', ...).
 */
async function recordToEdit<T>(
  context: LoadContext,
  params: { id?: string },
  read: (db: Db, id: string) => Promise<T | undefined>,
  back: { list: string; failure: string },
): Promise<T | null> {
  const id = editedId(params)
  if (!id) return null
  // PostgreSQL refuses a NUL anywhere in a query, and no id is that long: such an id names no record.
  const record =
    id.includes('\u0000') || id.length > MAX_ID_LENGTH
      ? undefined
      : await read(context.db, id).catch((error: unknown) => {
          logger.error({ err: error }, `${back.failure} ${id}`)
          return undefined
        })
  if (!record) throw await redirectWithToast(context, back.list, { type: 'error', title: back.failure })
  return record
}

export type { FieldErrors }

/**
 * What an editor sends back when it does not save: the values as typed, each error at its field, a
 * banner when the save itself failed, and the toast. The toast travels with the answer, not in the
 * flash cookie, so it shows on the screen that caused it and never on the next one.
 */
export interface EditorRefusal<V> {
  values: V
  errors: FieldErrors
  failure: string | null
  toast: string
}

/** The one way an editor or list action refuses: 400 unless told, the first error as the toast. */
export function refuse<V>(
  values: V,
  errors: FieldErrors,
  { failure = null, status = 400, toast }: { failure?: string | null; status?: number; toast?: string } = {},
) {
  const refusal: EditorRefusal<V> = {
    values,
    errors,
    failure,
    toast: toast ?? failure ?? Object.values(errors)[0] ?? 'Please check the form',
  }
  return data(refusal, { status })
}

/** The form read through its schema, or its refusal with every field error. */
export function checkForm<V, T>(
  schema: ZodType<T, V>,
  values: V,
): { ok: true; input: T } | { ok: false; refusal: ReturnType<typeof refuse<V>> } {
  const parsed = schema.safeParse(values)
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, refusal: refuse(values, fieldErrors(parsed.error)) }
}

/** The refusal for a save or delete that found its record changed or gone since it was loaded. */
export function refuseMissedWrite<V>(values: V, outcome: 'stale' | 'gone', record: string) {
  return outcome === 'stale'
    ? refuse(
        values,
        {},
        {
          status: 409,
          failure: `This ${record} was changed by someone else since you opened it. Reload to see their changes; your text is kept below.`,
        },
      )
    : refuse(
        values,
        {},
        { status: 404, failure: `This ${record} was deleted by someone else since you opened it. Your text is kept below.` },
      )
}

/**
 * A list action's answer: its toast, shown by the list that asked; a delete that put its record in
 * the Trash names the Trash item, for the toast's Undo.
 */
export function listAnswer(
  toast: { type: 'success' | 'error'; title: string },
  status = toast.type === 'success' ? 200 : 400,
  { undo }: { undo?: string } = {},
) {
  return data({ ok: toast.type === 'success', toast, ...(undo && { undo }) }, { status })
}

/** The toast of a list delete that found the row changed or gone since the list was loaded. */
export function missedDeleteToast(outcome: 'stale' | 'gone', record: string) {
  return outcome === 'stale'
    ? {
        type: 'error' as const,
        title: `This ${record} was changed by someone else since the list was loaded. Look it over, then delete it again.`,
      }
    : { type: 'error' as const, title: `This ${record} was already deleted.` }
}

/** How one editor reads its form and writes its record; its section gives the words and the list. */
export interface EditorSpec<R extends { id: string; version: string }, V, T, X = object> {
  read: (db: Db, id: string) => Promise<R | undefined>
  /** What else the page needs beside its record (the authors a post can have, what this admin may do with it). */
  more?: (db: Db, record: R | null, user: User) => Promise<X>
  /**
   * Whether this admin may open and save this record (or create one, when null), beyond what their
   * role opens (an Author only their own drafts): null to go on, or the reason, answered with 403.
   */
  refuseAccess?: (db: Db, user: User, existing: R | null) => Promise<string | null>
  values: (form: FormData, existing: R | null) => V
  schema: ZodType<T, V>
  /**
   * The form's image field, where it is stored, and the toasts for a refused and a stored image
   * (without them, a refusal's toast is its own message and a stored image adds nothing). The
   * image's alt text travels in the same form (`imageAlt`, `imageDecorative`) and is stored on it.
   */
  image?: { field: string; place: ImagePlace; failure?: string; saved?: string }
  /**
   * Creates or updates the record (in the media service's transaction) over the version the editor
   * loaded; a create says its id. `afterCommit` runs work (an e-mail) only once the save has landed.
   */
  write: (
    trx: Db,
    input: T,
    edit: {
      existing: R | null
      image: string | null
      version: string
      user: User
      afterCommit: (work: (context: LoadContext) => void) => void
    },
  ) => Promise<RecordWrite & { id?: string }>
  /** Keep a revision of every save (posts and case studies). */
  revisions?: RevisionSpec
  /** Rules only the database can check (a slug in use): field errors, or none. */
  conflicts?: (db: Db, input: T, existing: R | null, user: User) => Promise<FieldErrors>
  /**
   * Whether a saved record carries a warning its editor shows at a field (a figure another record
   * already shows): the save then returns to the record's editor instead of the list, so it is seen.
   */
  warnsAfterSave?: (db: Db, recordId: string) => Promise<boolean>
}

interface RouteArgs {
  request: Request
  context: LoadContext
  /** The route pattern React Router matched, which requireUser checks the role against. */
  pattern: string
  params: { id?: string }
}

/**
 * An editor route's loader and action from its section and spec: both need a signed-in admin. The
 * loader gives the record (null when creating) and whatever more the page needs; the action saves it.
 */
export function editorRoute<R extends { id: string; version: string }, V, T, X = object>(
  section: RecordSection,
  spec: EditorSpec<R, V, T, X>,
) {
  const toEdit = async ({ context, params }: RouteArgs, user: User) => {
    const record = await recordToEdit(context, params, spec.read, { list: section.path, failure: section.messages.loadFailed })
    const refusal = await spec.refuseAccess?.(context.db, user, record)
    if (refusal) throw forbidden(user, refusal)
    return record
  }
  return {
    loader: async (args: RouteArgs) => {
      const user = await requireUser(args)
      const record = await toEdit(args, user)
      // An autosaved draft newer than the record is offered back (a save since then makes it moot).
      const draft = spec.revisions ? await getDraft(args.context.db, draftKey(spec.revisions, record, user)) : undefined
      const imageText = spec.image ? await storedImageText(args.context.db, record) : null
      return {
        record,
        draft: draft && (!record || draft.savedAt > record.version) ? draft : null,
        imageText,
        ...((await spec.more?.(args.context.db, record, user)) as X),
      }
    },
    action: async (args: RouteArgs) => {
      const user = await requireUser(args)
      const existing = await toEdit(args, user)
      return saveRecord(await readForm(args.request), args.context, section, spec, { existing, user })
    },
  }
}

/**
 * The whole save of an editor: read the form through its schema, store the chosen image and the
 * record together over the version the editor loaded, say what public content changed, and go back
 * to the list. Every refusal comes back to the form with what was typed.
 */
async function saveRecord<R extends { id: string; version: string }, V, T, X>(
  form: FormData,
  context: LoadContext,
  section: RecordSection,
  spec: EditorSpec<R, V, T, X>,
  { existing, user }: { existing: R | null; user: User },
) {
  const file = spec.image ? chosenFile(form.get(spec.image.field)) : null
  const current = imageOf(existing)
  // An uploaded image, new or already shown, needs its alt text; the server decides that, not the form.
  const textValues = spec.image ? imageTextValues(form, file !== null || parseMediaUrl(current) !== null) : null
  // A refused form shows again with its alt text as typed; whether it is needed is the page's to know.
  const { imageShown: _decided, ...typedText } = textValues ?? {}
  const values = { ...spec.values(form, existing), ...typedText }
  const checked = spec.schema.safeParse(values)
  const text = textValues && imageTextSchema.safeParse(textValues)
  if (!checked.success || (text && !text.success)) {
    return refuse(values, {
      ...(checked.success ? {} : fieldErrors(checked.error)),
      ...(text && !text.success ? fieldErrors(text.error) : {}),
    })
  }
  const conflicts = (await spec.conflicts?.(context.db, checked.data, existing, user)) ?? {}
  if (Object.keys(conflicts).length > 0) return refuse(values, conflicts, { status: 409 })

  const { messages } = section
  // A form without a version field (a script, not an editor page) saves over the record as it stands.
  const sent = form.get('version')
  const version = typeof sent === 'string' ? sent : (existing?.version ?? '')
  let outcome: WriteOutcome
  let savedId: string | undefined
  const committed: ((context: LoadContext) => void)[] = []
  try {
    const upload = file && spec.image ? { file, place: spec.image.place } : null
    outcome = await writeWithImage(context.db, { upload, text: text?.success ? text.data : null, current }, async (trx, image) => {
      const written = await spec.write(trx, checked.data, { existing, image, version, user, afterCommit: (work) => committed.push(work) })
      const recordId = written.id ?? existing?.id
      savedId = recordId
      if (written.outcome === 'saved' && spec.revisions && recordId) {
        await keepRevision(trx, context, spec.revisions, { recordId, action: existing ? 'updated' : 'created', user })
        await deleteDraft(trx, draftKey(spec.revisions, existing, user))
      } else if (written.outcome === 'saved') {
        await recordSectionChange(trx, section, user, existing ? 'updated' : 'created', { ...written, id: recordId })
      }
      return written
    })
  } catch (error) {
    if (error instanceof ImageRejected && spec.image)
      return refuse(values, { [spec.image.field]: error.message }, { toast: spec.image.failure })
    const failure = existing ? messages.updateFailed : messages.createFailed
    logger.error({ err: error }, `${failure}`)
    return refuse(values, {}, { failure: `${failure}. Please try again.`, toast: failure, status: 500 })
  }
  if (outcome !== 'saved') return refuseMissedWrite(values, outcome, section.record)
  for (const work of committed) work(context)
  context.contentChanged(section.content, savedId)
  const warnedOf = savedId !== undefined && (await spec.warnsAfterSave?.(context.db, savedId)) ? savedId : null
  // An id made from a title may hold any letter; a Location header holds only ASCII.
  return redirectWithToast(context, warnedOf === null ? section.path : `${section.path}/edit/${encodeURIComponent(warnedOf)}`, {
    type: 'success',
    title: existing ? messages.updated : messages.created,
    description: file ? spec.image?.saved : undefined,
  })
}

/** The image a record shows, for records that have one. */
const imageOf = (record: object | null): string | null =>
  record && 'imageUrl' in record && typeof record.imageUrl === 'string' ? record.imageUrl : null

/** The stored alt text of the image a record shows, for its editor; null when it shows no uploaded image. */
async function storedImageText(db: Db, record: object | null) {
  const stored = parseMediaUrl(imageOf(record))
  const file = stored && (await getFileAt(db, stored.bucket, stored.path))
  return file ? { alt: file.alt ?? '', decorative: file.decorative } : null
}

/** The admin's draft of this record, or of a new one. */
const draftKey = (revisions: RevisionSpec, record: { id: string } | null, user: User) => ({
  type: revisions.type,
  key: record?.id ?? 'new',
  userId: user.id,
})

/**
 * How many of the section's records are in the Trash, for its list's link there: shown to those who
 * open the Trash (an Editor or Owner), null to others and for sections whose deletes are final.
 */
async function trashedCount(db: Db, section: RecordSection | undefined, user: User): Promise<number | null> {
  const type = section && trashTypeOf(section.content)
  if (!type || !atLeast(user.role, 'editor')) return null
  return (await countTrash(db))[type] ?? 0
}

/** A list screen's loader: signed in, then its rows, and for a section with a Trash, how many of its records are there. */
export function listLoader<Row>(list: (db: Db) => Promise<Row[]>, section?: RecordSection) {
  return async ({ request, context, pattern }: Omit<RouteArgs, 'params'>) => {
    const user = await requireUser({ request, context, pattern })
    const [rows, trashed] = await Promise.all([list(context.db), trashedCount(context.db, section, user)])
    return { rows, trashed }
  }
}

/**
 * A list screen's loader for a list that grows: signed in, then the page `?page=` asks for (page 1
 * for anything that is not a whole number); a page past the end goes to the last one.
 */
export function pagedListLoader<Row>(
  list: (db: Db, page: number, user: User) => Promise<{ rows: Row[]; pageCount: number }>,
  section?: RecordSection,
) {
  return async ({ request, context, pattern }: Omit<RouteArgs, 'params'>) => {
    const user = await requireUser({ request, context, pattern })
    const url = new URL(request.url)
    const asked = Number(url.searchParams.get('page'))
    const page = Number.isSafeInteger(asked) && asked > 1 ? asked : 1
    const [{ rows, pageCount }, trashed] = await Promise.all([list(context.db, page, user), trashedCount(context.db, section, user)])
    if (page > pageCount) throw redirect(pageCount > 1 ? `${url.pathname}?page=${pageCount}` : url.pathname)
    return { rows, page, pageCount, trashed, role: user.role }
  }
}

/** A list screen's action that only deletes: signed in, then the delete of one row, or its Undo. */
export function deleteAction(section: RecordSection, spec: DeleteSpec) {
  return async ({ request, context, pattern }: Omit<RouteArgs, 'params'>) => {
    const user = await requireUser({ request, context, pattern })
    const form = await readForm(request)
    return form.get('intent') === 'undo' ? undoDelete(form, context, section, user) : deleteRecord(form, context, section, spec, user)
  }
}

/**
 * The action of a list ordered by hand: the delete of one row (or its Undo), or the whole list's new order
 * (intent 'reorder', every id in order), stored at once.
 */
export function orderedListAction(section: RecordSection, table: OrderedTable, spec: DeleteSpec) {
  return async ({ request, context, pattern }: Omit<RouteArgs, 'params'>) => {
    const user = await requireUser({ request, context, pattern })
    const form = await readForm(request)
    const intent = form.get('intent')
    if (intent === 'reorder') return reorderRecords(form, context, section, table, user)
    return intent === 'undo' ? undoDelete(form, context, section, user) : deleteRecord(form, context, section, spec, user)
  }
}

/** More ids than any list holds: a longer list is no list this screen showed. */
const MAX_ORDERED = 1000

/**
 * Writes a list's new order, positions 0..n-1 in one transaction with its activity line. The ids
 * must be exactly the section's records: one added or deleted meanwhile refuses the whole order.
 */
export async function reorderRecords(form: FormData, context: LoadContext, section: RecordSection, table: OrderedTable, user: User) {
  const ids = form.getAll('id')
  const readable = (id: FormDataEntryValue): id is string =>
    typeof id === 'string' && id !== '' && id.length <= MAX_ID_LENGTH && !id.includes('\u0000')
  if (ids.length === 0 || ids.length > MAX_ORDERED || !ids.every(readable)) {
    return listAnswer({ type: 'error', title: 'The new order could not be read. Reload the list and try again.' })
  }
  try {
    const outcome = await context.db.transaction().execute(async (trx) => {
      const reordered = await reorderRows(trx, table, ids)
      if (reordered.outcome !== 'saved') return reordered.outcome
      const moved = movedRecord(
        reordered.before.map((row) => row.id),
        ids,
      )
      const name = moved && reordered.before.find((row) => row.id === moved.id)?.name
      await recordActivity(trx, {
        user_email: user.email,
        action: 'reordered',
        record_type: sectionRecordType(section),
        record_id: moved?.id ?? null,
        title: moved && name ? movedTo(name, moved.position, ids.length) : null,
      })
      return reordered.outcome
    })
    if (outcome === 'stale') {
      return listAnswer(
        {
          type: 'error',
          title: `Someone else added or deleted a ${section.record} since the list was loaded. Reload it, then order it again.`,
        },
        409,
      )
    }
  } catch (error) {
    logger.error({ err: error }, `Failed to reorder ${section.title.toLowerCase()}`)
    return listAnswer({ type: 'error', title: 'Failed to save the new order. Please try again.' }, 500)
  }
  context.contentChanged(section.content)
  return listAnswer({ type: 'success', title: 'Order saved' })
}

export interface DeleteSpec {
  remove: (trx: Db, id: string, version: string) => Promise<RecordWrite>
  /** A reason not to delete this row (an author who still has posts), as a toast; null to go on. */
  check?: (db: Db, id: string) => Promise<string | null>
  /** Keep the deleted record as its last revision too (posts, case studies and pages), in its history. */
  revisions?: RevisionSpec
}

/**
 * A list's delete of one row at the version the list showed, in one transaction: for the sections
 * with a Trash the record moves there with its image (its answer names the item, for Undo); other
 * deletes are final, image and all. `check` may stop it first with a toast (an author who still has posts).
 */
export async function deleteRecord(form: FormData, context: LoadContext, section: RecordSection, spec: DeleteSpec, user: User) {
  const { deleted, deleteFailed, deleteUnreadable = deleteFailed } = section.messages
  const [id, version] = [form.get('id'), form.get('version')]
  if (form.get('intent') !== 'delete' || typeof id !== 'string' || typeof version !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
    return listAnswer({ type: 'error', title: deleteUnreadable })
  }
  const type = trashTypeOf(section.content)
  let undo: string | undefined
  try {
    const stopped = await spec.check?.(context.db, id)
    if (stopped) return listAnswer({ type: 'error', title: stopped }, 409)
    const outcome = await deleteWithImage(context.db, async (trx) => {
      const snapshot = type && (await trashSnapshot(trx, type, id))
      const removed = await spec.remove(trx, id, version)
      if (removed.outcome !== 'saved') return removed
      if (spec.revisions && snapshot) {
        const { row: _row, ...revision } = snapshot
        await keepRevision(trx, context, spec.revisions, { recordId: id, action: 'deleted', user, snapshot: revision })
      } else await recordSectionChange(trx, section, user, 'deleted', { ...removed, id })
      if (!type || !snapshot) return removed
      undo = await moveToTrash(trx, type, snapshot, user)
      // The image stays with the Trash item, so a restore brings it back; it goes when the item does.
      return { outcome: removed.outcome }
    })
    if (outcome !== 'saved') return listAnswer(missedDeleteToast(outcome, section.record), outcome === 'stale' ? 409 : 404)
  } catch (error) {
    logger.error({ err: error }, `${deleteFailed} (${id})`)
    return listAnswer({ type: 'error', title: deleteFailed }, 500)
  }
  context.contentChanged(section.content, id)
  return listAnswer({ type: 'success', title: deleted }, 200, { undo })
}

/**
 * The Undo of a list's delete: brings its Trash item back at once. The list's own access rule holds
 * (an Author reaches only their posts' list), and an Author brings back only what they deleted.
 */
export async function undoDelete(form: FormData, context: LoadContext, section: RecordSection, user: User) {
  const id = form.get('trashId')
  const type = trashTypeOf(section.content)
  const failed = `The ${section.record} could not be brought back. Find it in the Trash.`
  if (!type || typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH || id.includes('\u0000')) {
    return listAnswer({ type: 'error', title: failed })
  }
  try {
    const restored = await restoreFromTrash(context.db, context, id, user, type)
    if (!restored.ok) return listAnswer({ type: 'error', title: restored.message }, restored.status)
  } catch (error) {
    logger.error({ err: error }, `${failed} (${id})`)
    return listAnswer({ type: 'error', title: failed }, 500)
  }
  return listAnswer({ type: 'success', title: `${capitalized(section.record)} restored` })
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
