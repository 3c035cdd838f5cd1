import { editorMeta } from '~/components/admin/admin-screen'
import { personEditorScreen } from '~/components/admin/person-editor'
import { adminSection } from '~/lib/admin-sections'
import { teamMemberFormValues, teamMemberSchema } from '~/lib/team-member-schema'
import { editorRoute } from '~/server/http/editor.server'
import { getTeamMember, saveTeamMember } from '~/server/repositories/team-members.server'
import { IMAGE_PLACES } from '~/server/services/media.server'

const section = adminSection('team')
export const meta = editorMeta(section)
// A refused photo's toast is its own message, and a stored one adds no line of its own.
const editor = editorRoute(section, {
  read: getTeamMember,
  values: teamMemberFormValues,
  schema: teamMemberSchema,
  image: { field: 'avatar', place: IMAGE_PLACES.teamMember },
  write: saveTeamMember,
})
export const loader = editor.loader
export const action = editor.action

export default personEditorScreen(section, {
  own: { label: 'Role', name: 'role', placeholder: 'CEO & Founder' },
  check: (form) => teamMemberSchema.safeParse(teamMemberFormValues(form)),
  photoLabel: 'Photo',
  placeholders: { name: 'John Doe', bio: 'Brief professional biography...' },
})
