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

/**
 * E-mails a lead the link to their playbook. True only once the mail server has taken it, so the
 * page says "on its way to your inbox" only when that is so.
 */
export async function emailPlaybookLink(config: Config, lead: Pick<NewInquiry, 'name' | 'email'>, link: string): Promise<boolean> {
  if (!config.smtpUrl) return false
  try {
    await transportFor(config.smtpUrl).sendMail({
      from: config.smtpFrom,
      to: { name: lead.name, address: lead.email },
      subject: `Your copy of The Small Business AI Playbook`,
      text: [
        `Hi ${lead.name},`,
        '',
        'Thanks for asking for The Small Business AI Playbook. Download it here (the link works for 7 days):',
        link,
        '',
        'When you have read it, reply to this e-mail to book your free 30-minute AI readiness consultation.',
        '',
        config.siteName,
      ].join('\n'),
    })
    return true
  } catch (error) {
    console.error('E-mailing a playbook link failed (the link was shown on the page):', error)
    return false
  }
}
