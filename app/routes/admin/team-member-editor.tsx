import { useEffect, useState } from 'react'
import { editorMeta } from '~/components/admin/admin-screen'
import { AvatarPicker } from '~/components/admin/image-picker'
import { EditorPage, EditorForm } from '~/components/admin/editor-form'
import { useEditorForm } from '~/components/admin/use-editor-form'
import { FormField } from '~/components/ui/form-field'
import { teamMemberFormValues, teamMemberSchema } from '~/lib/team-member-schema'
import { editorRoute } from '~/server/http/editor.server'
import { createTeamMember, getTeamMember, updateTeamMember } from '~/server/repositories/team-members.server'
import { IMAGE_PLACES } from '~/server/services/media.server'
import type { Route } from './+types/team-member-editor'

export const meta = editorMeta({ edit: 'Edit Team Member', create: 'Add Team Member' })

const editor = editorRoute({
  record: 'team member',
  list: '/admin/team',
  read: getTeamMember,
  values: teamMemberFormValues,
  schema: teamMemberSchema,
  // A refused photo's toast is its own message, and a stored one adds no line of its own.
  image: { field: 'avatar', place: IMAGE_PLACES.teamMember },
  write: (trx, input, { existing, image, version }) => (existing ? updateTeamMember(trx, existing.id, version, input, image) : createTeamMember(trx, input, image)),
  content: 'team',
  messages: {
    loadFailed: 'Failed to load team member data',
    created: 'Team member created successfully',
    updated: 'Team member updated successfully',
    createFailed: 'Failed to create team member',
    updateFailed: 'Failed to update team member',
  },
})
export const loader = editor.loader
export const action = editor.action

export default function TeamMemberEditor({ loaderData: { record: member }, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? { name: member?.name ?? '', role: member?.role ?? '', bio: member?.bio ?? '' }
  const { errors, formProps } = useEditorForm((form) => teamMemberSchema.safeParse(teamMemberFormValues(form)), actionData)
  // The photo's initials follow the name as it is typed.
  const [name, setName] = useState(values.name)
  const pickerKey = useRefusedImageReset(actionData)
  return (
    <EditorPage back={{ href: '/admin/team', label: 'Back to Team Members' }} title={member ? 'Edit Team Member' : 'Add Team Member'}>
      <EditorForm key={member?.id ?? 'new'} {...formProps} card="Team Member Information" version={member?.version} failure={actionData?.failure} cancel="/admin/team" submit="Save Team Member">
        <div role="group" aria-labelledby="avatar-label" className="grid gap-2">
          <span id="avatar-label" className="text-sm font-medium">
            Photo <span className="font-normal text-muted-foreground">(optional)</span>
          </span>
          <AvatarPicker key={pickerKey} name={name} currentUrl={member?.imageUrl ?? null} error={errors.avatar} />
        </div>
        <FormField label="Name" name="name" required autoComplete="off" placeholder="John Doe" defaultValue={values.name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name} />
        <FormField label="Role" name="role" required autoComplete="off" placeholder="CEO & Founder" defaultValue={values.role} error={errors.role} />
        <FormField label="Bio" name="bio" multiline optional rows={4} placeholder="Brief professional biography..." defaultValue={values.bio} error={errors.bio} controlClassName="min-h-[100px]" />
      </EditorForm>
    </EditorPage>
  )
}

/**
 * A key for the photo picker that changes whenever the server refuses the chosen image, so the
 * refused file is dropped rather than sent again with the next save.
 */
function useRefusedImageReset(answer: { errors: Record<string, string> } | undefined): number {
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (answer?.errors.avatar) setRefusals((n) => n + 1)
  }, [answer])
  return refusals
}
