/*
 * The blog list's script, a bundle of its own beside the one every public page loads (app/root.tsx
 * loads it where a route's handle names it): the same kind of list, of one enhancement.
 */
import { blogList } from '~/components/site/blog-list.enhance'
import { enhancePage } from './enhancement'

enhancePage([blogList])
