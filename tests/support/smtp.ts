import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'

/**
 * A real SMTP server on loopback for the file that calls this: `mails` holds every message it
 * received (raw, headers first), `url()` the address to give SMTP_URL once the server listens.
 */
export function useSmtpServer() {
  const mails: string[] = []
  let url = ''
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let message = ''
      stream.on('data', (chunk: Buffer) => (message += chunk.toString()))
      stream.on('end', () => {
        mails.push(message)
        callback()
      })
    },
  })
  beforeAll(async () => {
    smtp.listen(0, '127.0.0.1')
    await once(smtp.server, 'listening')
    url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
  })
  afterAll(() => smtp.close())
  return { mails, url: () => url }
}

/** A received mail as its reader sees it: quoted-printable line folds and escapes undone. */
export function readableMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** The token of the newest link to `path` (say '/admin/invitation/') in a mail to `to`, waiting up to 10 s for it. */
export async function mailedToken(mails: string[], to: string, path: string): Promise<string> {
  const pattern = new RegExp(`${path.replace(/[/.]/g, '\\$&')}([A-Za-z0-9_-]{43})`)
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const mail = mails.filter((raw) => raw.includes(`To: ${to}`)).at(-1)
    const token = mail && pattern.exec(readableMail(mail))?.[1]
    if (token) return token
  }
  throw new Error(`no ${path} link mailed to ${to}`)
}
