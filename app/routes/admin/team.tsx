import { Pencil, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { data, Link, useFetcher } from 'react-router'
import { toast } from 'sonner'
import { ConfirmDeleteButton } from '~/components/admin/confirm-delete'
import { Alert } from '~/components/ui/alert'
import { Avatar } from '~/components/ui/avatar'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { pageTitle } from '~/lib/seo'
import { requireUser } from '~/server/auth.server'
import type { Db } from '~/server/db/schema.server'
import { readForm } from '~/server/form-data.server'
import { removeMediaFile } from '~/server/storage.server'
import { deleteTeamMember, listTeamMembers, type PublicTeamMember } from '~/server/team.server'
import { toastHeaders } from '~/server/toast.server'
import type { Route } from './+types/team'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Team Members') }]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { members: await listTeamMembers(context.db) }
}

/** The only action on this screen: deleting one member, then their avatar file. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const id = (await readForm(request)).get('id')
  const status = typeof id === 'string' && id !== '' ? await deleteWithAvatar(context.db, id) : 400
  const ok = status === 200
  const headers = await toastHeaders(
    context,
    ok ? { type: 'success', title: 'Team member deleted successfully' } : { type: 'error', title: 'Failed to delete team member' },
  )
  return data({ ok }, { status, headers })
}

/** The HTTP status of deleting one member: 200, 404 when there is no such member, 500 when the delete failed. */
async function deleteWithAvatar(db: Db, id: string): Promise<number> {
  try {
    const deleted = await deleteTeamMember(db, id)
    if (!deleted) return 404
    await removeMediaFile(db, deleted.avatarUrl)
    return 200
  } catch (error) {
    console.error(`Deleting team member ${id} failed:`, error)
    return 500
  }
}

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  const { members } = loaderData
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Team Members</h1>
        <Button asChild>
          <Link to="/admin/team/new">
            <Plus aria-hidden />
            Add Team Member
          </Link>
        </Button>
      </div>
      <Card className="mt-6 overflow-hidden">
        {members.length === 0 ? (
          <div className="p-10 text-center">
            <p className="font-semibold">No team members yet</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Add the people behind the company. Until you do, the About page shows a sample team.
            </p>
          </div>
        ) : (
          // Below md each row reflows into a stacked card, so phones need no sideways scrolling.
          <table className="block w-full text-left text-sm md:table">
            <thead className="hidden border-b bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase md:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Name</th>
                <th scope="col" className="px-4 py-3 font-semibold">Role</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
              </tr>
            </thead>
            <tbody className="block divide-y md:table-row-group">
              {members.map((member) => (
                <TeamMemberRow key={member.id} member={member} />
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  )
}

function TeamMemberRow({ member }: { member: PublicTeamMember }) {
  const fetcher = useFetcher<typeof action>()
  const busy = fetcher.state !== 'idle'
  return (
    <tr
      data-testid="team-member-row"
      aria-busy={busy || undefined}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 p-4 align-middle md:table-row md:p-0"
    >
      <th scope="row" className="col-span-2 font-medium md:px-4 md:py-3">
        <span className="flex items-center gap-3">
          <Avatar name={member.name} src={member.avatar_url} decorative className="size-10 text-sm" />
          <span className="min-w-0 break-words">{member.name}</span>
        </span>
      </th>
      {/* On phones the role sits under the name, lined up with it past the avatar. */}
      <td className="min-w-0 pl-13 break-words text-muted-foreground md:px-4 md:py-3">{member.role}</td>
      <td className="md:px-4 md:py-3">
        <div className="flex items-center justify-end gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to={`/admin/team/edit/${member.id}`} aria-label={`Edit ${member.name}`} title="Edit">
              <Pencil aria-hidden />
            </Link>
          </Button>
          <ConfirmDeleteButton
            question="Are you sure you want to delete this team member?"
            itemName={member.name}
            consequence={`“${member.name}” and their photo will be removed from the team and the About page. This cannot be undone.`}
            disabled={busy}
            onConfirm={() => fetcher.submit({ id: member.id }, { method: 'post' })}
          />
        </div>
      </td>
    </tr>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    console.error('Error loading team members:', error)
    toast.error('Failed to load team members')
  }, [error])
  return (
    <Alert variant="destructive">
      <p className="font-semibold">Failed to load team members</p>
      <p className="mt-1">Please reload the page in a moment.</p>
    </Alert>
  )
}
