import { repeatedFigureWarning, type ShownFigure } from '~/lib/case-study-schema'
import { NO_SEARCH_FIELDS } from '~/lib/search-fields'
import type { FieldErrors } from '~/lib/schemas'
import type { Db } from '~/server/db/schema.server'
import {
  createCaseStudy,
  getCaseStudy,
  isCaseStudySlugTaken,
  listCaseStudiesForAdmin,
  reinsertCaseStudy,
  updateCaseStudy,
  type CaseStudyFields,
  type CaseStudyRecord,
} from '~/server/repositories/case-studies.server'
import type { RecordWrite } from '~/server/repositories/versions.server'
import { keepLinksAfterSave } from './redirects.server'
import { imageKept, type RestoreRefusal, type RevisionSpec } from './revisions.server'

/* The rules of a case study: its save with the links its address needs, and how a revision comes back. */

/**
 * An editor's save of a case study, in the editor kit's transaction (which holds its image and keeps
 * its revision), with the redirect its old address needs. The schema refuses a new study without a
 * file, so a new one always comes with its image.
 */
export async function saveCaseStudy(
  trx: Db,
  input: CaseStudyFields,
  { existing, image, version }: { existing: CaseStudyRecord | null; image: string | null; version: string },
): Promise<RecordWrite & { id?: string }> {
  // An empty slug keeps the study's own; a new study's takes its id.
  const fields = { ...input, slug: input.slug || existing?.slug || '' }
  if (!existing) {
    const created = await createCaseStudy(trx, fields, image!)
    await keepLinksAfterSave(trx, 'case-study', null, { ...fields, slug: fields.slug || created.id })
    return created
  }
  const updated = await updateCaseStudy(trx, existing.id, version, fields, image)
  if (updated.outcome === 'saved') await keepLinksAfterSave(trx, 'case-study', existing, fields)
  return updated
}

/** What only the database can say of a save: a slug another study uses. */
export async function caseStudyConflicts(db: Db, study: { slug: string }, existing: CaseStudyRecord | null): Promise<FieldErrors> {
  const errors: FieldErrors = {}
  if (study.slug && (await isCaseStudySlugTaken(db, study.slug, existing?.id)))
    errors.slug = 'Another case study already uses this slug; please choose a different one'
  return errors
}

/** Every study's headline figure, drafts too, for the editor to warn when one is repeated. */
export async function shownFigures(db: Db): Promise<ShownFigure[]> {
  return (await listCaseStudiesForAdmin(db)).flatMap(({ id, client, headline }) =>
    headline ? [{ id, client, figure: headline.figure }] : [],
  )
}

/** Whether a saved study's headline figure repeats another study's, so its editor opens again to show why. */
export async function repeatsAFigure(db: Db, id: string): Promise<boolean> {
  const figures = await shownFigures(db)
  const own = figures.find((study) => study.id === id)
  return own !== undefined && repeatedFigureWarning(own.figure, figures, id) !== undefined
}

/** A case study's revisions: a restore keeps its address as it is now. */
export const caseStudyRevisions: RevisionSpec = {
  type: 'case-study',
  read: getCaseStudy,
  kept: ({ slug }) => ({ slug }),
  restoreOver: async (db, current, version, restored, image) => {
    const { outcome } = await updateCaseStudy(db, current.id, version, studyFields(current.id, restored).fields, image)
    return outcome === 'saved' ? null : outcome
  },
  reinsert: reinsertStudy,
}

/**
 * A case study revision's fields, as the repository saves them. Revisions from before studies had
 * a slug, search fields and drafts were at their id, with none, and published.
 */
function studyFields(recordId: string, snapshot: Record<string, unknown>): { fields: CaseStudyFields; imageUrl: string } {
  const { id: _id, imageUrl, ...fields } = snapshot as unknown as CaseStudyRecord
  return {
    fields: {
      ...fields,
      headline: fields.headline ?? null,
      slug: fields.slug ?? recordId,
      search: fields.search ?? NO_SEARCH_FIELDS,
      published: fields.published ?? true,
    },
    imageUrl,
  }
}

async function reinsertStudy(db: Db, recordId: string, snapshot: Record<string, unknown>): Promise<RestoreRefusal> {
  const { fields, imageUrl } = studyFields(recordId, snapshot)
  if (await isCaseStudySlugTaken(db, fields.slug, recordId)) return 'slug-taken'
  // A study needs its picture; an older revision's may have been replaced before the deletion.
  if (!(await imageKept(db, imageUrl))) return 'image-gone'
  const { outcome } = await reinsertCaseStudy(db, recordId, fields, imageUrl)
  return outcome === 'saved' ? null : 'id-taken'
}
