import { useEffect, useRef, useState } from 'react'
import { Form, Link, useFetcher, useNavigation } from 'react-router'
import { type Submitted, useEditorForm } from '~/components/admin/use-editor-form'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { CheckboxField } from '~/components/ui/checkbox-field'
import { FormField } from '~/components/ui/form-field'
import { formText } from '~/lib/form-text'
import {
  codeFormSchema,
  confirmSetupSchema,
  FEW_RECOVERY_CODES,
  groupedSecret,
  mustSetUpMessage,
  RECOVERY_CODE_COUNT,
  requiredForEveryoneMessage,
  signedOutElsewhereMessage,
  turnOffSchema,
} from '~/lib/two-factor'
import type { TwoFactorStatus } from '~/server/services/two-factor.server'

/*
 * The Account tab's "Two-factor sign-in" card: off, being set up (QR code, the key as text, a code to
 * confirm), or on (recovery codes left, new ones, turning it off). Its forms post to
 * /admin/account/two-factor through a fetcher, so answers show here, in place; without JavaScript
 * they are plain forms, and that address shows this card again with the answer.
 */

const actionPath = '/admin/account/two-factor'
/** Where the card is, for links and redirects that come back to it. */
export const twoFactorCardHref = '/admin/settings#two-factor'

type Intent = 'begin' | 'cancel' | 'confirm' | 'renew' | 'off'

/** What the card's action answers when it does not redirect: a refusal, or new recovery codes to show once. */
export type TwoFactorAnswer = Submitted<{ intent: string }> | { intent: string; recoveryCodes: string[] }

type Fetcher = ReturnType<typeof useFetcher<TwoFactorAnswer>>

export function TwoFactorCard({ status, answer }: { status: TwoFactorStatus; answer?: TwoFactorAnswer }) {
  const fetcher = useFetcher<TwoFactorAnswer>()
  const current = fetcher.data ?? answer
  const codes = current && 'recoveryCodes' in current ? current.recoveryCodes : null
  const refusal = current && !('recoveryCodes' in current) ? current : undefined
  const refusalOf = (intent: Intent) => (refusal?.values.intent === intent ? refusal : undefined)

  return (
    <Card id="two-factor" className="mt-6 max-w-2xl scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Two-factor sign-in
          <Badge variant={status.on ? 'success' : 'muted'} data-testid="two-factor-status">
            {status.on ? 'On' : 'Off'}
          </Badge>
        </CardTitle>
        <CardDescription>
          After your password, sign-in also asks for a code from an app on your phone, so a stolen password alone cannot open your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {status.required && !status.on && <Alert variant="destructive">{mustSetUpMessage}</Alert>}
        {refusal?.failure && <Alert variant="destructive">{refusal.failure}</Alert>}
        {codes ? (
          <RecoveryCodes codes={codes} turnedOn={current !== undefined && 'recoveryCodes' in current && current.intent === 'confirm'} />
        ) : status.on ? (
          <TwoFactorOn status={status} fetcher={fetcher} refusalOf={refusalOf} />
        ) : status.setup ? (
          <TwoFactorSetup setup={status.setup} fetcher={fetcher} submitted={refusalOf('confirm')} />
        ) : (
          <TwoFactorOff fetcher={fetcher} />
        )}
      </CardContent>
    </Card>
  )
}

function useSending(fetcher: Fetcher, intent: Intent): boolean {
  return fetcher.state !== 'idle' && fetcher.formData?.get('intent') === intent
}

/** Sends one intent with no fields: turning on, cancelling a setup. */
function IntentButton({
  fetcher,
  intent,
  busyLabel,
  children,
  ...props
}: { fetcher: Fetcher; intent: Intent; busyLabel: string } & React.ComponentProps<typeof Button>) {
  const sending = useSending(fetcher, intent)
  return (
    <fetcher.Form method="post" action={actionPath}>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" disabled={sending} {...props}>
        {sending ? busyLabel : children}
      </Button>
    </fetcher.Form>
  )
}

function TwoFactorOff({ fetcher }: { fetcher: Fetcher }) {
  return (
    <>
      <p className="text-sm">
        Use any authenticator app, such as Google Authenticator, Microsoft Authenticator, 1Password or Authy. Setting it up takes a minute.
      </p>
      <div>
        <IntentButton fetcher={fetcher} intent="begin" busyLabel="Starting...">
          Turn on two-factor sign-in
        </IntentButton>
      </div>
    </>
  )
}

function TwoFactorSetup({
  setup,
  fetcher,
  submitted,
}: {
  setup: NonNullable<TwoFactorStatus['setup']>
  fetcher: Fetcher
  submitted?: Submitted<unknown>
}) {
  const confirming = useSending(fetcher, 'confirm')
  const { errors, formProps } = useEditorForm(
    (form) => confirmSetupSchema.safeParse(formText(form, ['code', 'accountPassword'])),
    submitted,
  )
  return (
    <ol className="grid gap-6 text-sm">
      <li className="grid gap-3">
        <p>
          <span className="font-semibold">1. Scan this QR code</span> with your authenticator app.
        </p>
        <img src={setup.qrCode} alt="QR code for your authenticator app" width={184} height={184} className="rounded-lg border bg-white" />
      </li>
      <li className="grid gap-2">
        <p>
          <span className="font-semibold">2. Can’t scan it?</span> Enter this key in the app instead (time-based, 6 digits):
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <code
            className="rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wide break-words select-all"
            data-testid="two-factor-secret"
          >
            {groupedSecret(setup.secret)}
          </code>
          <CopyButton text={setup.secret} label="Copy key" />
        </div>
      </li>
      <li className="grid gap-3">
        <p>
          <span className="font-semibold">3. Enter the 6-digit code</span> the app now shows for this site, and your password. Turning it on
          signs you out in every other browser and device.
        </p>
        <fetcher.Form method="post" action={actionPath} {...formProps} className="grid gap-4">
          <input type="hidden" name="intent" value="confirm" />
          <FormField
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            controlClassName="max-w-48 font-mono tracking-widest"
            error={errors.code}
          />
          <AccountPasswordField error={errors.accountPassword} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={confirming}>
              {confirming ? 'Checking...' : 'Confirm and turn on'}
            </Button>
          </div>
        </fetcher.Form>
        <div>
          <IntentButton fetcher={fetcher} intent="cancel" busyLabel="Cancelling..." variant="outline">
            Cancel setup
          </IntentButton>
        </div>
      </li>
    </ol>
  )
}

function TwoFactorOn({
  status,
  fetcher,
  refusalOf,
}: {
  status: TwoFactorStatus
  fetcher: Fetcher
  refusalOf: (intent: Intent) => Submitted<unknown> | undefined
}) {
  const left = status.recoveryCodesLeft
  return (
    <>
      <p className={left < FEW_RECOVERY_CODES ? 'text-sm font-medium text-destructive' : 'text-sm'} data-testid="recovery-codes-left">
        {left} of {RECOVERY_CODE_COUNT} recovery codes left.
        {left < FEW_RECOVERY_CODES && ' Get new ones before you run out.'}
      </p>
      <RenewCodesForm fetcher={fetcher} submitted={refusalOf('renew')} />
      {status.required ? (
        <p className="border-t pt-5 text-sm text-muted-foreground">{requiredForEveryoneMessage}</p>
      ) : (
        <TurnOffForm fetcher={fetcher} submitted={refusalOf('off')} />
      )}
    </>
  )
}

function RenewCodesForm({ fetcher, submitted }: { fetcher: Fetcher; submitted?: Submitted<unknown> }) {
  const renewing = useSending(fetcher, 'renew')
  const { errors, formProps } = useEditorForm((form) => codeFormSchema.safeParse(formText(form, ['code'])), submitted)
  return (
    <section className="grid gap-3 border-t pt-5" aria-labelledby="renew-codes-title">
      <h3 id="renew-codes-title" className="font-semibold">
        New recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">If you used some or cannot find them. Your old recovery codes stop working.</p>
      <fetcher.Form method="post" action={actionPath} {...formProps} className="grid gap-4">
        <input type="hidden" name="intent" value="renew" />
        <FormField
          label="Code from your app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          controlClassName="max-w-48 font-mono tracking-widest"
          error={errors.code}
        />
        <div>
          <Button type="submit" variant="outline" disabled={renewing}>
            {renewing ? 'Checking...' : 'Get new recovery codes'}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  )
}

function TurnOffForm({ fetcher, submitted }: { fetcher: Fetcher; submitted?: Submitted<unknown> }) {
  const turningOff = useSending(fetcher, 'off')
  const { errors, formProps } = useEditorForm((form) => turnOffSchema.safeParse(formText(form, ['accountPassword'])), submitted)
  return (
    <section className="grid gap-3 border-t pt-5" aria-labelledby="turn-off-title">
      <h3 id="turn-off-title" className="font-semibold">
        Turn off
      </h3>
      <p className="text-sm text-muted-foreground">
        Sign-in will ask for your password only. Your recovery codes stop working, and you are signed out in every other browser and device.
      </p>
      <fetcher.Form method="post" action={actionPath} {...formProps} className="grid gap-4">
        <input type="hidden" name="intent" value="off" />
        <AccountPasswordField error={errors.accountPassword} />
        <div>
          <Button type="submit" variant="destructive" disabled={turningOff}>
            {turningOff ? 'Turning off...' : 'Turn off two-factor sign-in'}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  )
}

/** The new recovery codes, shown this once; the heading takes the focus so they are announced. */
function RecoveryCodes({ codes, turnedOn }: { codes: string[]; turnedOn: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [codes])
  const text = codes.join('\n')
  return (
    <section className="grid gap-4" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Save your recovery codes
      </h3>
      <Alert>
        If you lose your phone, each code signs you in once in place of a code from the app. Keep them somewhere safe, such as your password
        manager or on paper. <strong>They are shown only now.</strong>
      </Alert>
      {turnedOn && <p className="text-sm">Two-factor sign-in is on. {signedOutElsewhereMessage}</p>}
      <ol className="grid grid-cols-2 gap-x-6 gap-y-2 font-mono text-base sm:max-w-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={text} label="Copy codes" />
        <DownloadButton text={text} filename="recovery-codes.txt" />
        <Button asChild>
          <Link to={twoFactorCardHref}>I have saved them</Link>
        </Button>
      </div>
    </section>
  )
}

/** Only with JavaScript, where the clipboard can be reached; without it the text is there to select. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  if (!hydrated) return null
  async function copy() {
    await navigator.clipboard.writeText(text)
    setCopied(true)
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={copy}>
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  )
}

function DownloadButton({ text, filename }: { text: string; filename: string }) {
  const hydrated = useHydrated()
  if (!hydrated) return null
  function download() {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }))
    const link = Object.assign(document.createElement('a'), { href: url, download: filename })
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={download}>
      Download .txt
    </Button>
  )
}

/** What the Settings route's action is sent by the owners' switch, and what a refusal shows again. */
export type TwoFactorPolicyValues = { intent: 'two-factor-policy'; requireTwoFactor: boolean }

/** The owners' switch, on the Site Settings tab: two-factor sign-in for every admin. */
export function TwoFactorPolicyCard({ required, submitted }: { required: boolean; submitted?: Submitted<TwoFactorPolicyValues> }) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'two-factor-policy'
  // Nothing to check before sending: only the server knows whether the owner has it on themselves.
  const { errors, formProps } = useEditorForm(() => ({ success: true }), submitted)
  const error = errors.requireTwoFactor
  return (
    <Card className="mt-6 max-w-2xl">
      <CardHeader>
        <CardTitle>Two-factor sign-in for everyone</CardTitle>
        <CardDescription>
          Admins who have not turned it on are sent to their Account tab to set it up before they can open anything else. While it is
          required, no one can turn theirs off.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action="/admin/settings?tab=site" {...formProps} className="grid gap-5">
          <input type="hidden" name="intent" value="two-factor-policy" />
          <div className="grid gap-2">
            <CheckboxField
              id="field-requireTwoFactor"
              name="requireTwoFactor"
              label="Require two-factor sign-in for every admin"
              defaultChecked={submitted?.values.requireTwoFactor ?? required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'field-requireTwoFactor-error' : undefined}
            />
            {error && (
              <p id="field-requireTwoFactor-error" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}

/** The current password that turning two-factor on or off asks for. */
function AccountPasswordField({ error }: { error?: string }) {
  return (
    <FormField
      label="Your current password"
      name="accountPassword"
      type="password"
      autoComplete="current-password"
      required
      controlClassName="max-w-sm"
      error={error}
    />
  )
}
