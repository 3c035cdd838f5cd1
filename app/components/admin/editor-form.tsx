import { ArrowLeft } from 'lucide-react'
import { Form, Link, useFormAction, useNavigation } from 'react-router'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { cn } from '~/lib/utils'

/** An editor screen: the way back to its list, and its title. */
export function EditorPage({ back, title, children }: { back: { href: string; label: string }; title: string; children: React.ReactNode }) {
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={back.href}>
          <ArrowLeft aria-hidden />
          {back.label}
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      {children}
    </>
  )
}

/**
 * Every editor's form: multipart (images travel with the record), the version of the record it was
 * opened on, a banner when the save itself failed, and Cancel / Save with 'Saving...' while it runs.
 */
export function EditorForm({
  card,
  version,
  failure,
  cancel,
  submit,
  className,
  children,
  ...formProps
}: {
  card?: string
  version?: string
  failure?: string | null
  cancel: string
  submit: string
  className?: string
  children: React.ReactNode
} & Pick<React.ComponentProps<typeof Form>, 'onSubmit' | 'onChange' | 'noValidate'>) {
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
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancel}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : submit}
        </Button>
      </div>
    </>
  )
  return (
    <Form method="post" encType="multipart/form-data" className={cn('mt-6 max-w-2xl', className)} {...formProps}>
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
