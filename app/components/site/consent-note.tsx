import { leadConsent } from '~/content/legal'

/** The consent a lead form's sender gives, shown under its button, with its version sent along. */
export function ConsentNote() {
  return (
    <p className="text-xs leading-relaxed text-muted-foreground">
      <input type="hidden" name="consentVersion" value={leadConsent.version} />
      {leadConsent.text}{' '}
      <a href="/privacy" className="font-medium text-primary underline underline-offset-4">
        Read the Privacy Policy
      </a>
      .
    </p>
  )
}
