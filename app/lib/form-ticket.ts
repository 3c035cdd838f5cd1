/**
 * The time trap's ticket for a lead form, fetched once the form is on screen (the page itself may
 * come from the page cache); null when none came. Without a ticket the lead is still stored, with
 * the Spam status for the owner to look at. Used by the lead-form script (components/site/lead-form.enhance.ts).
 */
export function fetchFormTicket(): Promise<string | null> {
  return fetch('/forms/ticket')
    .then((response) => (response.ok ? (response.json() as Promise<{ ticket?: unknown }>) : null))
    .then((body) => (typeof body?.ticket === 'string' ? body.ticket : null))
    .catch(() => null)
}
