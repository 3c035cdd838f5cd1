import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'

/** A list action's answer (see `listAnswer` in http/editor.server.ts). */
export type ListAnswer = { ok: boolean; toast: { type: 'success' | 'error'; title: string } }

/**
 * A fetcher for one row's action on a list screen; its answer's toast shows here, on the list that
 * asked. An action whose form has fields may answer with their errors instead of a toast.
 */
export function useListFetcher<Answer extends Partial<ListAnswer> = ListAnswer>() {
  const fetcher = useFetcher<Answer>()
  useEffect(() => {
    const answer = fetcher.data?.toast
    if (answer) (answer.type === 'success' ? toast.success : toast.error)(answer.title)
  }, [fetcher.data])
  return fetcher
}
