import { editorMeta } from '~/components/admin/admin-screen'
import { personEditorScreen } from '~/components/admin/person-editor'
import { adminSection } from '~/lib/admin-sections'
import { authorFormValues, authorSchema } from '~/lib/author-schema'
import { editorRoute } from '~/server/http/editor.server'
import { getAuthor, saveAuthor } from '~/server/repositories/authors.server'
import { IMAGE_PLACES } from '~/server/services/media.server'

const section = adminSection('authors')
export const meta = editorMeta(section)
const editor = editorRoute(section, {
  read: getAuthor,
  values: authorFormValues,
  schema: authorSchema,
  image: { field: 'avatar', place: IMAGE_PLACES.author, failure: 'Failed to upload avatar', saved: 'Avatar uploaded successfully' },
  write: saveAuthor,
})
export const loader = editor.loader
export const action = editor.action

export default personEditorScreen(section, {
  own: { label: 'Email', name: 'email', type: 'email', placeholder: 'jane@example.com' },
  check: (form) => authorSchema.safeParse(authorFormValues(form)),
  photoLabel: 'Avatar',
  placeholders: { name: 'Jane Smith', bio: 'A few sentences about the author, shown under their posts...' },
})
