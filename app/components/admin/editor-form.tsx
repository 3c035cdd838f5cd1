import { ArrowLeft, History } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Form, Link, useFormAction, useNavigation } from 'react-router'
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import type { RecordSection } from '~/lib/admin-sections'
import { cn } from '~/lib/utils'

/**
 * An editor screen: the way back to its section's list, its title for a new or a stored record, and
 * for records that keep revisions, the way to their history.
 */
export function EditorPage({
  section,
  editing,
  historyHref,
  children,
}: {
  section: RecordSection
  editing: boolean
  historyHref?: string
  children: React.ReactNode
}) {
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={section.path}>
          <ArrowLeft aria-hidden />
          {section.back}
        </Link>
      </Button>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{editing ? section.editTitle : section.createTitle}</h1>
        {historyHref && (
          <Button asChild variant="outline" size="sm">
            <Link to={historyHref}>
              <History aria-hidden />
              History
            </Link>
          </Button>
        )}
      </div>
      {children}
    </>
  )
}

/**
 * Every editor's form: multipart (images travel with the record), the version of the record it was
 * opened on, a banner when the save itself failed, and Cancel / Save with 'Saving...' while it runs.
 * It sits in one card named by its section, unless the section lays out cards of its own. With
 * `guardUnsaved`, leaving after a change (or after a refused save) asks first; `changed` tells of
 * changes no form event reports. With `autosave`, every change goes to the draft and its status
 * shows beside the buttons.
 */
export function EditorForm({
  section: { card, path, submit },
  version,
  answer,
  guardUnsaved = false,
  changed = false,
  className,
  children,
  onChange,
  autosave,
  ...formProps
}: {
  section: RecordSection
  version?: string
  /** The action's answer to the last save, if it refused it. */
  answer?: { failure: string | null }
  guardUnsaved?: boolean
  changed?: boolean
  className?: string
  children: React.ReactNode
  autosave?: { changed: (form: HTMLFormElement, target: EventTarget) => void; status: string | null }
} & Pick<React.ComponentProps<typeof Form>, 'onSubmit' | 'onChange' | 'noValidate'>) {
  const [edited, setEdited] = useState(false)
  useEffect(() => {
    if (answer) setEdited(true)
  }, [answer])
  const failure = answer?.failure
  const navigation = useNavigation()
  const formAction = useFormAction()
  const saving = navigation.state !== 'idle' && navigation.formAction === formAction
  const body = (
    <>
      {failure && (
        <Alert variant="destructive" role="alert">
          {failure}
        </Alert>
      )}
      {children}
      {/* On a phone the form is long: Save stays at the bottom of the screen, wherever the editor has scrolled to. */}
      <div
        data-slot="editor-actions"
        className="sticky bottom-2 z-10 flex flex-wrap items-center justify-end gap-3 rounded-lg border bg-background/95 p-3 shadow-md backdrop-blur-sm sm:static sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none sm:backdrop-blur-none"
      >
        {autosave && (
          <p className="mr-auto text-sm text-muted-foreground" aria-live="polite" data-testid="autosave-status">
            {autosave.status}
          </p>
        )}
        <Button asChild variant="outline">
          <Link to={path}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : submit}
        </Button>
      </div>
    </>
  )
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className={cn('mt-6 max-w-2xl', className)}
      {...formProps}
      onChange={(event) => {
        setEdited(true)
        onChange?.(event)
        autosave?.changed(event.currentTarget, event.target)
      }}
    >
      {guardUnsaved && <UnsavedChangesGuard dirty={edited || changed} />}
      {version && <input type="hidden" name="version" value={version} />}
      {card ? (
        <Card>
          <CardHeader>
            <CardTitle>{card}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">{body}</CardContent>
        </Card>
      ) : (
        <div className="grid gap-5">{body}</div>
      )}
    </Form>
  )
}
