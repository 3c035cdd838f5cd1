import { formText } from './form-text'
import { z } from './zod'

export const TEAM_MEMBER_LIMITS = { name: 100, role: 100, bio: 2000 } as const

const tooLong = (field: string, max: number) => `${field} must be ${max.toLocaleString('en-US')} characters or fewer`

function requiredText(field: 'Name' | 'Role', max: number, required: string) {
  return z.string(required).trim().min(1, required).max(max, tooLong(field, max))
}

/**
 * The team member form, checked in the browser before it is sent and again by the action (which
 * also serves browsers without JavaScript). An empty bio is stored as null.
 */
export const teamMemberSchema = z.object({
  name: requiredText('Name', TEAM_MEMBER_LIMITS.name, 'Name is required'),
  role: requiredText('Role', TEAM_MEMBER_LIMITS.role, 'Role is required'),
  bio: z
    .string()
    .trim()
    .max(TEAM_MEMBER_LIMITS.bio, tooLong('Bio', TEAM_MEMBER_LIMITS.bio))
    .transform((bio) => bio || null),
})

export type TeamMemberFormValues = z.input<typeof teamMemberSchema>

/** The form's text fields as typed, so a refused form can be shown again exactly as it was sent. */
export function teamMemberFormValues(form: FormData): TeamMemberFormValues {
  return formText(form, ['name', 'role', 'bio'])
}
