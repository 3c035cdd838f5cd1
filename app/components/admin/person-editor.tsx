import { useState } from 'react'
import { useActionData, useLoaderData } from 'react-router'
import type { z } from 'zod'
import { EditorForm, EditorPage } from '~/components/admin/editor-form'
import { AvatarField, imageTextDefaults, type ImageTextDefaults } from '~/components/admin/image-picker'
import { useEditorForm, type Submitted } from '~/components/admin/use-editor-form'
import { FormField } from '~/components/ui/form-field'
import type { RecordSection } from '~/lib/admin-sections'
import { formDefaults } from '~/lib/form-fields'
import { withImageText, type ImageTextValues } from '~/lib/images'

type PersonValues = { name: string; bio: string } & Record<string, string>
type Person = { id: string; version: string; imageUrl: string | null }

interface PersonForm {
  /** The field of their own: an author's e-mail, a member's role. */
  own: { label: string; name: string; type?: string; placeholder: string }
  check: (form: FormData) => { success: true } | { success: false; error: z.ZodError }
  photoLabel: string
  placeholders: { name: string; bio: string }
}

/**
 * The editor screen of a person (an author, a team member), as a route's component: a photo whose
 * initials follow the name as it is typed, the name, one field of their own, and a bio.
 */
export function personEditorScreen(section: RecordSection, form: PersonForm) {
  return function PersonEditorScreen() {
    const { record, imageText } = useLoaderData<{ record: Person | null; imageText: ImageTextDefaults | null }>()
    const answer = useActionData<Submitted<PersonValues & Partial<ImageTextValues>>>()
    return <PersonEditor key={record?.id ?? 'new'} section={section} person={record} imageText={imageText} answer={answer} {...form} />
  }
}

function PersonEditor({
  section,
  person,
  imageText,
  answer,
  check,
  photoLabel,
  placeholders,
  own,
}: PersonForm & {
  section: RecordSection
  person: Person | null
  imageText: ImageTextDefaults | null
  answer: Submitted<PersonValues & Partial<ImageTextValues>> | undefined
}) {
  const values = answer?.values ?? formDefaults(person, { name: '', [own.name]: '', bio: '' } as PersonValues)
  const { errors, field, formProps } = useEditorForm(withImageText(check), answer, values)
  const [name, setName] = useState(values.name)
  return (
    <EditorPage section={section} editing={person !== null}>
      <EditorForm {...formProps} section={section} version={person?.version} answer={answer}>
        <AvatarField
          label={photoLabel}
          name={name}
          currentUrl={person?.imageUrl ?? null}
          error={errors.avatar}
          answer={answer}
          text={{ defaults: imageTextDefaults(answer?.values, imageText), error: errors.imageAlt }}
        />
        <FormField
          label="Name"
          {...field('name')}
          required
          autoComplete="off"
          placeholder={placeholders.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <FormField label={own.label} {...field(own.name)} type={own.type} required autoComplete="off" placeholder={own.placeholder} />
        <FormField label="Bio" {...field('bio')} multiline optional rows={5} placeholder={placeholders.bio} />
      </EditorForm>
    </EditorPage>
  )
}
