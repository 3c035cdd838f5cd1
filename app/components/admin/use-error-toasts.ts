import { useMemo, useRef } from 'react'
import { toast } from 'sonner'

/**
 * The error toasts a form raised, kept until its next send: a send that passes the browser's check
 * takes them away, so an old error never stands beside the success that follows it.
 */
export function useErrorToasts() {
  const shown = useRef<(string | number)[]>([])
  // The same object on every render, so effects that show a toast can name it among their dependencies.
  return useMemo(
    () => ({
      show(message: string) {
        shown.current.push(toast.error(message))
      },
      clear() {
        for (const id of shown.current) toast.dismiss(id)
        shown.current = []
      },
    }),
    [],
  )
}
