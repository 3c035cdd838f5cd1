import type { BlockData, BlockType } from '~/lib/blocks/catalog'
import type { LeadFormResult } from '~/server/http/lead-form.server'
import type { BlockExtra } from '~/server/services/block-data.server'

/** What every block's view is given: its fields, the records it shows, and the answer to a form the page sent. */
export interface BlockViewProps<T extends BlockType> {
  data: BlockData<T>
  extra: BlockExtra<T>
  /** The page's form answer, after a visitor sent the form a form block shows (contact, playbook). */
  answer?: LeadFormResult
}
