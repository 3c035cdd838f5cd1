import { useEffect, useRef, useState } from 'react'
import { useNavigation } from 'react-router'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { formatClockTime } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import type { RevisionType } from '~/server/db/schema.server'

/** Typing stops for this long before the draft goes to the server. */
const IDLE_MS = 2500

interface Draft<V> {
  values: V
  savedAt: string
}

/** A draft to offer back, and where it was kept. */
interface Offer<V> extends Draft<V> {
  where: 'server' | 'browser'
}

/** Chosen image files, by field name: kept in this browser only (IndexedDB holds files, localStorage only text). */
type Files = Record<string, File>

function fileStore<T>(mode: IDBTransactionMode, ask: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const opening = window.indexedDB.open('autosave', 1)
    opening.onupgradeneeded = () => opening.result.createObjectStore('files')
    opening.onerror = () => reject(opening.error)
    opening.onsuccess = () => {
      const db = opening.result
      const request = ask(db.transaction('files', mode).objectStore('files'))
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
      db.close()
    }
  })
}

const readFiles = (key: string) => fileStore<Files | undefined>('readonly', (store) => store.get(key)).catch(() => undefined)

const forgetFiles = (key: string) => void fileStore('readwrite', (store) => store.delete(key)).catch(() => undefined)

/** Keeps the form's chosen files (or forgets them when none is chosen); a blocked store just keeps nothing. */
function keepFiles(key: string, form: HTMLFormElement) {
  const files = Object.fromEntries(
    [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')].flatMap((input) =>
      input.files?.[0] ? [[input.name, input.files[0]]] : [],
    ),
  )
  if (Object.keys(files).length === 0) return forgetFiles(key)
  void fileStore('readwrite', (store) => store.put(files, key)).catch(() => undefined)
}

function readLocal<V>(key: string): Draft<V> | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Draft<V> | null
    return stored && typeof stored.savedAt === 'string' ? stored : null
  } catch {
    return null
  }
}

/**
 * Autosave for an editor: each change is copied at once into this browser (a backstop for a lost
 * connection) and, after a pause in typing, saved as a draft on the server, apart from the record.
 * On opening, the newest draft that is newer than the record is offered back, with the image files
 * chosen in this browser (kept there only: the server's draft holds the text). A save of the record
 * makes both drafts moot: the server drops its copy in the same transaction, the browser on the way
 * back to the list.
 */
export function useAutosave<V>({
  type,
  recordKey,
  version,
  serverDraft,
  listPath,
  capture,
}: {
  type: RevisionType
  /** The record's id, or 'new'. */
  recordKey: string
  /** The record's version: drafts older than it were overtaken by a save. */
  version: string | null
  serverDraft: Draft<V> | null
  listPath: string
  /** The form's values, for editors whose fields are the form's own (see `changed`). */
  capture?: (form: HTMLFormElement) => V
}) {
  const timeZone = useTimeZone()
  const storageKey = `draft:${type}:${recordKey}`
  const [status, setStatus] = useState<string | null>(null)
  const [offer, setOffer] = useState<Offer<V> | null>(null)
  const [restored, setRestored] = useState<{ values: V; files: Files; times: number; over: string | null } | null>(null)
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => {
    const local = readLocal<V>(storageKey)
    const candidates = [serverDraft && { ...serverDraft, where: 'server' as const }, local && { ...local, where: 'browser' as const }]
    const newest = candidates
      .filter((draft): draft is Offer<V> => Boolean(draft) && (!version || draft!.savedAt > version))
      .sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0]
    setOffer(newest ?? null)
    return () => window.clearTimeout(timer.current)
  }, [storageKey, serverDraft, version])

  // Leaving for the list after a submitted form means the record was saved.
  const navigation = useNavigation()
  useEffect(() => {
    if (navigation.state !== 'loading' || !navigation.formMethod || navigation.location.pathname !== listPath) return
    window.localStorage.removeItem(storageKey)
    forgetFiles(storageKey)
  }, [navigation, listPath, storageKey])

  async function send(values: V) {
    const body = new URLSearchParams({ intent: 'save', type, key: recordKey, values: JSON.stringify(values) })
    try {
      const response = await fetch('/admin/drafts', { method: 'POST', body })
      const answer = response.ok ? ((await response.json()) as { savedAt?: string }) : null
      if (!answer?.savedAt) throw new Error(`draft not saved: ${response.status}`)
      setStatus(`Saved a draft at ${formatClockTime(answer.savedAt, timeZone)}`)
    } catch {
      setStatus('Offline: your changes are kept in this browser until the connection is back')
    }
  }

  /** For the form's change events: copy now, send after a pause. A chosen file stays in this browser. */
  function changed(form: HTMLFormElement, target: EventTarget) {
    if (target instanceof HTMLInputElement && target.type === 'file') keepFiles(storageKey, form)
    if (capture) keep(capture(form))
  }

  /** For editors that hold what is typed in their own state: copy these values now, send them after a pause. */
  function keep(values: V) {
    try {
      window.localStorage.setItem(storageKey, JSON.stringify({ values, savedAt: new Date().toISOString() }))
    } catch {
      // A full or blocked storage leaves the server copy to do the work.
    }
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => void send(values), IDLE_MS)
  }

  async function restore() {
    if (!offer) return
    const files = (await readFiles(storageKey)) ?? {}
    setRestored((last) => ({ values: offer.values, files, times: (last?.times ?? 0) + 1, over: version }))
    setOffer(null)
    setStatus(null)
  }

  function discard() {
    window.localStorage.removeItem(storageKey)
    forgetFiles(storageKey)
    void fetch('/admin/drafts', { method: 'POST', body: new URLSearchParams({ intent: 'discard', type, key: recordKey }) })
    setOffer(null)
  }

  // A draft is restored over one version of the record; once that is saved, the editor starts from the record.
  return { status, offer, restored: restored?.over === version ? restored : null, changed, keep, restore, discard }
}

export type Autosave<V> = ReturnType<typeof useAutosave<V>>

/** The offer to bring a draft back, above the form. */
export function DraftOffer<V>({ autosave }: { autosave: Autosave<V> }) {
  const timeZone = useTimeZone()
  const { offer } = autosave
  if (!offer) return null
  const when = formatClockTime(offer.savedAt, timeZone)
  return (
    <Alert className="mt-6 flex flex-wrap items-center justify-between gap-3" data-testid="draft-offer">
      <span>
        You have changes from {when} that were not saved{offer.where === 'browser' ? ', kept in this browser' : ''}.
      </span>
      <span className="flex gap-2">
        <Button type="button" size="sm" onClick={() => void autosave.restore()}>
          Restore them
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={autosave.discard}>
          Discard
        </Button>
      </span>
    </Alert>
  )
}
