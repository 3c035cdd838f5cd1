/**
 * The words a visitor agrees to by sending a lead form. Each lead stores the version and the exact
 * text (server side, from this constant, never from the form), so a later rewording cannot change
 * what an earlier lead agreed to. Change the version whenever the text changes.
 */
export const leadConsent = {
  version: '2026-11-23',
  text: 'By sending this form you agree that we may use your name, e-mail and what you write to answer you and to send what you asked for, as our Privacy Policy describes. We never sell your details.',
} as const
