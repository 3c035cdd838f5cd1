import { POST_LIMITS } from './post-schema'
import { withKnownSpellings } from './tag-spelling'
import { z } from './zod'

/*
 * The Tags screen's rename form, checked the same way in the browser and in the action: the tag's
 * new name, as a post's tag is limited, and not the name it has. Whether the name is another tag's
 * (a merge) only the database can say for sure; the screen says it ahead from its list.
 */

// A tag page's address turns these into spaces (app/lib/blog-links.ts), so a tag holding one could never be opened.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/

export const tagRenameSchema = z
  .object({
    tag: z.string().min(1, 'Choose a tag from the list').max(POST_LIMITS.tag, 'Choose a tag from the list'),
    name: z
      .string()
      .trim()
      .min(1, 'Please enter the tag’s new name')
      .max(POST_LIMITS.tag, `A tag must be at most ${POST_LIMITS.tag} characters`)
      .refine((name) => !CONTROL_CHARACTERS.test(name), 'A tag cannot hold line breaks or tabs'),
  })
  .refine(({ tag, name }) => tag !== name, { path: ['name'], message: 'This is the tag’s name already. Type a different one' })

export type TagRename = z.output<typeof tagRenameSchema>

/** The text fields the form sends: the tag and its new name (`confirmed` 'yes' says a merge was shown and accepted). */
export const TAG_RENAME_FIELDS = ['tag', 'name'] as const

/** The screen's words for a merge, said before it is confirmed and in its toast. */
export const mergeNotice = (from: string, into: string, posts: number) =>
  `“${from}” will be merged into “${into}”: ${posts.toLocaleString('en-US')} ${posts === 1 ? 'post' : 'posts'}`

/**
 * What renaming `tag` to `name` does, given the blog's tags in the order that picks a spelling
 * (most used first): the name it ends up with, and whether that is another tag's, so a merge.
 */
export function renameOutcome(tag: string, name: string, known: readonly string[]): { to: string; merge: boolean } {
  const others = known.filter((other) => other !== tag)
  const to = withKnownSpellings([name], others)[0] ?? ''
  return { to, merge: others.includes(to) }
}
