import { Form } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { formatDateTime } from '~/lib/dates'
import { useTimeZone } from '~/lib/use-time-zone'
import type { SessionSummary } from '~/server/services/auth.server'

const SESSIONS_ACTION = '/admin/account/sessions'

/** The admin's open sessions: where each was opened, when it was last used, and a way to end it. */
export function SessionsCard({ sessions }: { sessions: SessionSummary[] }) {
  const others = sessions.filter((session) => !session.current)
  const timeZone = useTimeZone()
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>
          Where you are signed in. End any session you do not recognise, then change your password. Changing your password, or turning
          two-factor sign-in on or off, ends every session but this one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Your sessions">
          {sessions.map((session) => (
            <li key={session.id} data-testid="session" className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {session.device}
                  {session.current && <Badge variant="success">This device</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">
                  {session.ipAddress ?? 'Unknown address'} · last seen {formatDateTime(session.lastSeenAt, timeZone)} · signed in{' '}
                  {formatDateTime(session.createdAt, timeZone)}
                </p>
              </div>
              {!session.current && (
                <Form method="post" action={SESSIONS_ACTION}>
                  <input type="hidden" name="id" value={session.id} />
                  <Button type="submit" name="intent" value="end" variant="outline" size="sm">
                    End session
                    <span className="sr-only">
                      : {session.device}, {session.ipAddress ?? 'unknown address'}
                    </span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 && (
          <Form method="post" action={SESSIONS_ACTION} className="mt-4">
            <Button type="submit" name="intent" value="end-others" variant="secondary">
              End all other sessions
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  )
}
