import { ArrowLeft } from 'lucide-react'
import { useEffect, useState } from 'react'
import { data, Form, Link, useFormAction, useNavigation } from 'react-router'
import { AvatarPicker } from '~/components/admin/image-picker'
import { useFormCheck } from '~/components/admin/use-form-check'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { FormField } from '~/components/ui/form-field'
import type { LoadContext } from '~/load-context'
import { fieldErrors } from '~/lib/schemas'
import { editedId } from '~/lib/editor-mode'
import { pageTitle } from '~/lib/seo'
import { teamMemberFormValues, teamMemberSchema, type TeamMemberFormValues } from '~/lib/team-member-schema'
import { requireUser } from '~/server/auth.server'
import type { Db } from '~/server/db/schema.server'
import { readForm } from '~/server/form-data.server'
import { chosenFile, IMAGE_EDGE, ImageRejected, removeMediaFile, saveImage } from '~/server/storage.server'
import { createTeamMember, getTeamMember, updateTeamMember, type TeamMemberFields } from '~/server/team.server'
import { recordToEdit } from '~/server/editor.server'
import { redirectWithToast, toastHeaders } from '~/server/toast.server'
import type { Route } from './+types/team-member-editor'

type TeamMember = NonNullable<Awaited<ReturnType<typeof getTeamMember>>>
type FieldErrors = Partial<Record<keyof TeamMemberFormValues | 'avatar', string>>
type Submitted = { values: TeamMemberFormValues; errors: FieldErrors; failure: string | null }

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: pageTitle(matches, editedId(params) ? 'Edit Team Member' : 'Add Team Member') },
]

function memberToEdit(context: LoadContext, params: { id?: string }): Promise<TeamMember | null> {
  return recordToEdit(context, params, getTeamMember, { list: '/admin/team', failure: 'Failed to load team member data' })
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { member: await memberToEdit(context, params) }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const existing = await memberToEdit(context, params)
  const failTitle = existing ? 'Failed to update team member' : 'Failed to create team member'
  const form = await readForm(request)
  const values = teamMemberFormValues(form)
  const showAgain = async (errors: FieldErrors, toastTitle: string, status: number, failure: string | null = null) =>
    data<Submitted>({ values, errors, failure }, { status, headers: await toastHeaders(context, { type: 'error', title: toastTitle }) })

  const parsed = teamMemberSchema.safeParse(values)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return showAgain(errors, Object.values(errors)[0]!, 400)
  }

  // The new image goes first, so the record is only written once its address is known.
  const file = chosenFile(form.get('avatar'))
  let newAvatar: string | null = null
  if (file) {
    try {
      newAvatar = await saveImage(context.db, file, { bucket: 'team_avatars', maxEdge: IMAGE_EDGE.avatar })
    } catch (error) {
      if (error instanceof ImageRejected) return showAgain({ avatar: error.message }, error.message, 400)
      console.error('Team avatar upload failed:', error)
      return showAgain({}, failTitle, 500, failTitle)
    }
  }

  const fields: TeamMemberFields = { ...parsed.data, avatarUrl: newAvatar ?? existing?.avatar_url ?? null }
  try {
    await writeTeamMember(context.db, existing, fields)
  } catch (error) {
    console.error(existing ? `Updating team member ${existing.id} failed:` : 'Creating a team member failed:', error)
    // No record points to the new file, so nothing ever will.
    await removeMediaFile(context.db, newAvatar)
    return showAgain({}, failTitle, 500, failTitle)
  }
  if (existing && newAvatar) await removeMediaFile(context.db, existing.avatar_url)

  return redirectWithToast(context, '/admin/team', {
    type: 'success',
    title: existing ? 'Team member updated successfully' : 'Team member created successfully',
  })
}

async function writeTeamMember(db: Db, existing: TeamMember | null, fields: TeamMemberFields): Promise<void> {
  if (!existing) {
    await createTeamMember(db, fields)
    return
  }
  if (!(await updateTeamMember(db, existing.id, fields))) throw new Error(`Team member ${existing.id} was deleted meanwhile`)
}

export default function TeamMemberEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { member } = loaderData
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/admin/team">
          <ArrowLeft aria-hidden />
          Back to Team Members
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold">{member ? 'Edit Team Member' : 'Add Team Member'}</h1>
      <TeamMemberForm key={member?.id ?? 'new'} member={member} submitted={actionData} />
    </>
  )
}

function formValuesOf(member: TeamMember | null): TeamMemberFormValues {
  return { name: member?.name ?? '', role: member?.role ?? '', bio: member?.bio ?? '' }
}

function TeamMemberForm({ member, submitted }: { member: TeamMember | null; submitted: Submitted | undefined }) {
  const navigation = useNavigation()
  const formAction = useFormAction()
  // Stays on through the redirect to the list, so the button cannot be pressed twice.
  const saving = navigation.state !== 'idle' && navigation.formAction === formAction
  const values = submitted?.values ?? formValuesOf(member)
  // The avatar's initials follow the name as it is typed.
  const [name, setName] = useState(values.name)
  const { clientErrors, checkBeforeSubmit } = useFormCheck((form) => teamMemberSchema.safeParse(teamMemberFormValues(new FormData(form))))
  const errors = clientErrors ?? submitted?.errors ?? {}
  const pickerKey = useRefusedImageReset(submitted)

  return (
    <Form method="post" encType="multipart/form-data" noValidate onSubmit={checkBeforeSubmit} className="mt-6">
      <Card>
        <CardHeader>
          <CardTitle>Team Member Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          {submitted?.failure && <Alert variant="destructive">{submitted.failure}. Please try again.</Alert>}
          <div role="group" aria-labelledby="avatar-label" className="grid gap-2">
            <span id="avatar-label" className="text-sm font-medium">
              Photo <span className="font-normal text-muted-foreground">(optional)</span>
            </span>
            <AvatarPicker key={pickerKey} name={name} currentUrl={member?.avatar_url ?? null} inputName="avatar" error={errors.avatar} />
          </div>
          <FormField
            label="Name"
            name="name"
            required
            autoComplete="off"
            placeholder="John Doe"
            defaultValue={values.name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <FormField label="Role" name="role" required autoComplete="off" placeholder="CEO & Founder" defaultValue={values.role} error={errors.role} />
          <FormField
            label="Bio"
            name="bio"
            multiline
            optional
            rows={4}
            placeholder="Brief professional biography..."
            defaultValue={values.bio}
            error={errors.bio}
            controlClassName="min-h-[100px]"
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/admin/team">Cancel</Link>
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Team Member'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </Form>
  )
}

/**
 * A key for the avatar picker that changes whenever the server refuses the chosen image, so the
 * refused file is dropped rather than sent again with the next save.
 */
function useRefusedImageReset(submitted: Submitted | undefined): number {
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (submitted?.errors.avatar) setRefusals((n) => n + 1)
  }, [submitted])
  return refusals
}
