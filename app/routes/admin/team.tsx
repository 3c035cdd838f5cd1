import { AdminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { ListHeader, RecordTable, RowActions } from '~/components/admin/record-list'
import { Avatar } from '~/components/ui/avatar'
import { pageTitle } from '~/lib/seo'
import { deleteRecord } from '~/server/http/editor.server'
import { readForm } from '~/server/http/form-data.server'
import { deleteTeamMember, listTeamMembers } from '~/server/repositories/team-members.server'
import { requireUser } from '~/server/services/auth.server'
import type { Route } from './+types/team'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Team Members') }]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { members: await listTeamMembers(context.db) }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  return deleteRecord(await readForm(request), context, {
    record: 'team member',
    remove: deleteTeamMember,
    content: 'team',
    done: 'Team member deleted successfully',
    failed: 'Failed to delete team member',
  })
}

export default function AdminTeam({ loaderData: { members } }: Route.ComponentProps) {
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} failure="Failed to load team members" />
}
