import { formValues, optionalText, requiredText } from './form-fields'
import { z } from './zod'

export const TEAM_MEMBER_LIMITS = { name: 100, role: 100, bio: 2000 } as const

/**
 * The team member form, checked in the browser before it is sent and again by the action (which
 * also serves browsers without JavaScript). An empty bio is stored as null.
 */
export const teamMemberSchema = z.object({
  name: requiredText('Name', TEAM_MEMBER_LIMITS.name, 'Name is required'),
  role: requiredText('Role', TEAM_MEMBER_LIMITS.role, 'Role is required'),
  bio: optionalText('Bio', TEAM_MEMBER_LIMITS.bio),
})

/** The form's text fields as typed, so a refused form can be shown again exactly as it was sent. */
export const teamMemberFormValues = (form: FormData) => formValues(form, ['name', 'role', 'bio'])
