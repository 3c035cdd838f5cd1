import { data } from 'react-router'
import { z } from 'zod'
import { POST_LIMITS } from '~/lib/post-schema'
import { MAX_ID_LENGTH } from '~/lib/schemas'
import { readForm } from '~/server/http/form-data.server'
import { deleteDraft, saveDraft } from '~/server/repositories/drafts.server'
import { requireUser } from '~/server/services/auth.server'
import { requireDraftAccess } from '~/server/services/drafts.server'
import type { Route } from './+types/drafts'

/*
 * A draft is the editor's fields as JSON: about 203,000 characters for the largest record, a post
 * with every field at its limit. The rest is room for the line breaks and quotes JSON escapes.
 */
const MAX_DRAFT_LENGTH = POST_LIMITS.content + 50_000

const tooLargeMessage = `This draft is too large to keep: a post’s content holds at most ${POST_LIMITS.content.toLocaleString('en-US')} characters.`

const draftRequest = z.object({
  intent: z.enum(['save', 'discard']),
  type: z.enum(['post', 'case-study', 'page']),
  key: z.string().min(1).max(MAX_ID_LENGTH),
  values: z
    .string()
    .transform((text, context) => {
      try {
        const parsed: unknown = JSON.parse(text)
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
      } catch {
        // Reported below, like any other shape.
      }
      context.addIssue({ code: 'custom', message: 'A draft is the form’s fields as a JSON object' })
      return z.NEVER
    })
    .optional(),
})

/**
 * The editors' autosave: keeps the form as typed for this admin and record, or discards it. Answers
 * when it was kept, which the editor shows ("Saved a draft at 10:42").
 */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  const user = await requireUser({ request, context, pattern })
  const parsed = draftRequest.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success || (parsed.data.intent === 'save' && !parsed.data.values)) return data({ ok: false as const }, { status: 400 })
  const { intent, type, key, values } = parsed.data
  const draft = { type, key, userId: user.id }
  if (intent === 'discard') {
    await deleteDraft(context.db, draft)
    return { ok: true as const, savedAt: null }
  }
  // Measured as it is stored.
  if (JSON.stringify(values).length > MAX_DRAFT_LENGTH) return data({ ok: false as const, message: tooLargeMessage }, { status: 413 })
  await requireDraftAccess(context.db, user, draft)
  return { ok: true as const, savedAt: await saveDraft(context.db, draft, values!) }
}
