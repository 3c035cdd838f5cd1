import { z } from './zod'

/*
 * The review of an Author's post: the words the list, the dashboard and the editor share, and the
 * note an Editor or Owner sends a post back with, checked the same way in the dialog and the action.
 */

export const SENT_BACK_NOTE_MAX = 1000

export const sendBackSchema = z.object({
  note: z
    .string({ error: 'Please write a note saying what to change' })
    .trim()
    .min(1, 'Please write a note saying what to change')
    .max(SENT_BACK_NOTE_MAX, `The note must be at most ${SENT_BACK_NOTE_MAX.toLocaleString('en-US')} characters`),
})

/** An admin as a review line names them: display name, else e-mail; one removed since has neither. */
export const reviewerName = (name: string | null) => name ?? 'a former admin'

/** Where a post stands in review, as the list, the dashboard and the editor show it: who asked and when, or who sent it back, when and why. */
export interface PostReview {
  requestedAt: string | null
  /** The asking admin's display name, else their e-mail; null once they were removed. */
  requestedBy: string | null
  sentBack: { at: string; by: string | null; note: string } | null
}
