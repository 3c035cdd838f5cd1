import { data } from 'react-router'
import { authorPostRefusal, mayChangePost, mayOpen } from '~/lib/admin-access'
import type { Db, RevisionType } from '~/server/db/schema.server'
import { getCaseStudy } from '~/server/repositories/case-studies.server'
import { NEW_RECORD_KEY, type DraftKey } from '~/server/repositories/drafts.server'
import { getPage } from '~/server/repositories/pages.server'
import { getPostWorkflow } from '~/server/repositories/posts.server'
import { forbidden } from '~/server/services/auth.server'
import type { User } from '~/server/services/users.server'

/** The editor each kind of draft belongs to, whose role the admin needs. */
const editorPatterns: Record<RevisionType, string> = {
  post: '/admin/blog/edit/:id',
  'case-study': '/admin/case-studies/edit/:id',
  page: '/admin/pages/edit/:id',
}

/**
 * Throws the refusal (403, or 404 for a record that is not there) unless this admin may keep this
 * draft: of a new record, or of one that exists and that they may change, as its editor would let
 * them (an Author only their own unpublished posts). A draft of anything else is only storage.
 */
export async function requireDraftAccess(db: Db, user: User, { type, key }: DraftKey): Promise<void> {
  if (!mayOpen(user.role, editorPatterns[type])) throw forbidden(user)
  if (key === NEW_RECORD_KEY) return
  if (type === 'case-study' || type === 'page') {
    if (!(await (type === 'page' ? getPage : getCaseStudy)(db, key))) throw gone()
    return
  }
  const workflow = await getPostWorkflow(db, key)
  if (!workflow) throw gone()
  if (!mayChangePost(user, workflow)) throw forbidden(user, authorPostRefusal)
}

const gone = () => data('This record no longer exists, so no draft of it is kept.', { status: 404 })
