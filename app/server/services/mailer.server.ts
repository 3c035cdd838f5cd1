import nodemailer, { type Transporter } from 'nodemailer'
import type { Config } from '~/server/config.server'
import type { NewInquiry } from '~/server/repositories/inquiries.server'

const transports = new Map<string, Transporter>()

function transportFor(url: string): Transporter {
  let transport = transports.get(url)
  if (!transport) {
    // Short timeouts: the visitor waits for this answer, and the lead is already stored.
    transport = nodemailer.createTransport({ url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 })
    transports.set(url, transport)
  }
  return transport
}

const subjects: Record<NewInquiry['kind'], string> = {
  contact: 'New message from the website',
  playbook: 'New AI Playbook request',
}

/**
 * E-mails a lead that is already stored. Sending is a courtesy on top of the inquiries table, so a
 * mail failure is logged and never turns a saved message into an error for the visitor.
 */
export async function emailInquiry(config: Config, to: string, inquiry: NewInquiry): Promise<void> {
  if (!config.smtpUrl) return
  const lines = [
    `Name: ${inquiry.name}`,
    `Email: ${inquiry.email}`,
    `Business: ${inquiry.business ?? '(not given)'}`,
    ...(inquiry.message ? ['', inquiry.message] : []),
  ]
  try {
    await transportFor(config.smtpUrl).sendMail({
      from: config.smtpFrom,
      to,
      replyTo: { name: inquiry.name, address: inquiry.email },
      subject: `${subjects[inquiry.kind]}: ${inquiry.name}`,
      text: lines.join('\n'),
    })
  } catch (error) {
    console.error('E-mailing a stored inquiry failed (it is safe in the inquiries table):', error)
  }
}
