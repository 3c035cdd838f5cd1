import { useEffect, useState } from 'react'
import { HoneypotField } from '~/components/ui/form-field'

/**
 * What tells a person from a script on a lead form: a field only bots fill in, and the time trap's
 * ticket, fetched once the form is on screen (the page itself may come from the page cache).
 */
export function BotTraps() {
  const [ticket, setTicket] = useState('')
  useEffect(() => {
    fetch('/forms/ticket')
      .then((response) => (response.ok ? (response.json() as Promise<{ ticket?: unknown }>) : null))
      .then((body) => typeof body?.ticket === 'string' && setTicket(body.ticket))
      // Without a ticket the lead is still stored, with the Spam status for the owner to look at.
      .catch(() => {})
  }, [])
  return (
    <>
      <HoneypotField />
      <input type="hidden" name="ticket" value={ticket} />
    </>
  )
}
