import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { ListHeader, RecordTable, RowActions } from '~/components/admin/record-list'
import { Avatar } from '~/components/ui/avatar'
import { deleteAction, listLoader } from '~/server/http/editor.server'
import { deleteTeamMember, listTeamMembers } from '~/server/repositories/team-members.server'
import type { Route } from './+types/team'

export const meta = screenMeta('Team Members')
export const loader = listLoader(listTeamMembers)
export const action = deleteAction({
  record: 'team member',
  remove: deleteTeamMember,
  content: 'team',
  done: 'Team member deleted successfully',
  failed: 'Failed to delete team member',
})

export default function AdminTeam({ loaderData: { rows: members } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title="Team Members" newHref="/admin/team/new" newLabel="Add Team Member" />
      <RecordTable
        rows={members}
        rowKey={(member) => member.id}
        rowTestId="team-member-row"
        empty={{ title: 'No team members yet', description: 'Add the people behind the company. Until you do, the About page shows a sample team.' }}
        columns={[
          {
            header: 'Name',
            primary: true,
            cell: (member) => (
              <span className="flex items-center gap-3">
                <Avatar name={member.name} src={member.imageUrl} decorative className="size-10 text-sm" />
                <span className="min-w-0 break-words">{member.name}</span>
              </span>
            ),
          },
          // On phones the role sits under the name, lined up with it past the avatar.
          { header: 'Role', cell: (member) => member.role, className: 'pl-13 md:pl-4' },
        ]}
        actions={(member) => (
          <RowActions
            editHref={`/admin/team/edit/${member.id}`}
            name={member.name}
            deleteQuestion="Are you sure you want to delete this team member?"
            deleteConsequence={`“${member.name}” and their photo will be removed from the team and the About page. This cannot be undone.`}
            deleteFields={{ id: member.id, version: member.version }}
          />
        )}
      />
    </>
  )
}

export const ErrorBoundary = adminErrorBoundary('Failed to load team members')
