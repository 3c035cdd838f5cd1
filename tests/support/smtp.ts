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

/** Quoted-printable (and RFC 2047 Q words) undone into the UTF-8 text it encodes (a date carries a narrow no-break space). */
const unquote = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

/**
 * A received mail as its reader sees it, for mails with more than ASCII: headers unfolded and their
 * encoded words (a long or quoted subject) decoded, the body decoded as UTF-8, lines ending in \n.
 */
export function decodedMail(raw: string): string {
  const [head = '', ...body] = raw.split('\r\n\r\n')
  const unfolded = head.replace(/\?=\r\n[ \t]+=\?/g, '?==?').replace(/\r\n[ \t]+/g, ' ')
  const headers = unfolded.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) => unquote(word.replace(/_/g, ' ')))
  return `${headers}\n\n${unquote(body.join('\r\n\r\n').replace(/=\r\n/g, ''))}`.replace(/\r\n/g, '\n')
}

/** The decoded mails addressed To (not Reply-To) `email`, oldest first. */
export const decodedMailsTo = (mails: string[], email: string) =>
  mails.map(decodedMail).filter((mail) => mail.split('\n\n')[0]!.split('\n').includes(`To: ${email}`))

/** The newest decoded mail to `to` whose subject is `subject`, waiting up to 10 s for it. */
export async function mailWithSubject(mails: string[], to: string, subject: string): Promise<string> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const mail = decodedMailsTo(mails, to).findLast((text) => text.split('\n').includes(`Subject: ${subject}`))
    if (mail) return mail
  }
  throw new Error(`no mail "${subject}" to ${to}`)
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
