import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'

/** A list action's answer (see `listAnswer` in http/editor.server.ts); a delete into the Trash names its item. */
export type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string }; undo?: string }

/**
 * A fetcher for one row's action on a list screen; its answer's toast shows here, on the list that
 * asked, with an Undo button when the answer names a Trash item and `undo` is given. An action
 * whose form has fields may answer with their errors instead of a toast.
 */
export function useListFetcher<Answer extends Partial<ListAnswer> = ListAnswer>(undo?: (trashId: string) => void) {
  const fetcher = useFetcher<Answer>()
  useEffect(() => {
    const answer = fetcher.data?.toast
    const trashId = fetcher.data?.undo
    if (answer?.type === 'success' && trashId && undo)
      toast.success(answer.title, { action: { label: 'Undo', onClick: () => undo(trashId) } })
    else if (answer) (answer.type === 'success' ? toast.success : toast.error)(answer.title)
    // The undo is the list's, which outlives this row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data])
  return fetcher
}
