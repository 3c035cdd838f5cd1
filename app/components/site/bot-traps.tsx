import { useEffect, useState } from 'react'
import { HoneypotField } from '~/components/ui/form-field'
import { fetchFormTicket } from '~/lib/form-ticket'

/** What tells a person from a script on a lead form: a field only bots fill in, and the time trap's ticket. */
export function BotTraps() {
  const [ticket, setTicket] = useState('')
  useEffect(() => {
    fetchFormTicket().then((fetched) => fetched && setTicket(fetched))
  }, [])
  return (
    <>
      <HoneypotField />
      <input type="hidden" name="ticket" value={ticket} />
    </>
  )
}
