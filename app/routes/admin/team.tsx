import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { PersonCell, recordListScreen } from '~/components/admin/record-list'
import { adminSection } from '~/lib/admin-sections'
import { listLoader, orderedListAction } from '~/server/http/editor.server'
import { deleteTeamMember, listTeamMembers } from '~/server/repositories/team-members.server'

const section = adminSection('team')
export const loader = listLoader(listTeamMembers, section)
export const action = orderedListAction(section, 'team_members', { remove: deleteTeamMember })

export default recordListScreen<typeof loader>(section, {
  ordered: true,
  columns: [
    { header: 'Name', primary: true, cell: (member) => <PersonCell name={member.name} src={member.imageUrl} /> },
    // On phones the role sits under the name, lined up with it past the avatar.
    { header: 'Role', cell: (member) => member.role, className: 'pl-13 md:pl-4' },
  ],
  name: (member) => member.name,
  deleteConsequence: (member) =>
    `“${member.name}” will be removed from the team and the About page. It stays in the Trash for 30 days, where you can restore it.`,
})

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
