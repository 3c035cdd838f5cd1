import type { RecordSection } from '~/lib/admin-sections'
import { editedId } from '~/lib/editor-mode'
import { pageTitle } from '~/lib/seo'

type MetaArgs = { matches: Parameters<typeof pageTitle>[0]; params: { id?: string } }

/** An admin screen's title: 'Authors | {site name}'. */
export const screenMeta =
  (title: string) =>
  ({ matches }: Pick<MetaArgs, 'matches'>) => [{ title: pageTitle(matches, title) }]

/** An editor's title, by whether it edits a record or creates one. */
export const editorMeta =
  ({ editTitle, createTitle }: RecordSection) =>
  ({ matches, params }: MetaArgs) => [{ title: pageTitle(matches, editedId(params) ? editTitle : createTitle) }]
