import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer'
import type { Config } from '~/server/config.server'
import { logger } from '~/server/log.server'
import type { NewInquiry } from '~/server/repositories/inquiries.server'

const transports = new Map<string, Transporter>()

function transportFor(url: string): Transporter {
  let transport = transports.get(url)
  if (!transport) {
    // Short timeouts: a visitor waits for the playbook link's e-mail, and an outbox worker holds its
    // claim on a notification only for a few minutes.
    transport = nodemailer.createTransport({ url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 })
    transports.set(url, transport)
  }
  return transport
}

const subjects: Record<NewInquiry['kind'], string> = {
  contact: 'New message from the website',
  playbook: 'New AI Playbook request',
}

/** An e-mail about a lead, as the outbox keeps it until the mail server has taken it. */
export interface LeadEmail {
  to: string
  replyTo: { name: string; address: string }
  subject: string
  text: string
}

/**
 * The owner's e-mail about a new lead: Reply-To is the lead, so answering reaches them, and it links
 * to the lead in the inbox, where its status and notes are kept.
 */
export function leadEmail(
  to: string,
  inquiry: Pick<NewInquiry, 'kind' | 'name' | 'email' | 'business' | 'message'>,
  inboxUrl: string,
): LeadEmail {
  const lines = [
    `Name: ${inquiry.name}`,
    `Email: ${inquiry.email}`,
    `Business: ${inquiry.business ?? '(not given)'}`,
    ...(inquiry.message ? ['', inquiry.message] : []),
    '',
    `In the inbox: ${inboxUrl}`,
  ]
  return {
    to,
    replyTo: { name: inquiry.name, address: inquiry.email },
    subject: `${subjects[inquiry.kind]}: ${inquiry.name}`,
    text: lines.join('\n'),
  }
}

/** Hands an e-mail to the mail server; throws when it is unreachable or refuses, so the outbox tries again. */
export function sendLeadEmail(config: Config, mail: LeadEmail): Promise<void> {
  return send(config, mail)
}

/** Hands an e-mail to the mail server, from the site's address; throws when none is set, or it is unreachable or refuses. */
async function send(config: Config, mail: SendMailOptions): Promise<void> {
  if (!config.smtpUrl) throw new Error('SMTP_URL is not set, so no e-mail can be sent')
  await transportFor(config.smtpUrl).sendMail({ from: config.smtpFrom, ...mail })
}

/**
 * E-mails a lead the link to their playbook. True only once the mail server has taken it, so the
 * page says "on its way to your inbox" only when that is so. Reply-To is the firm's contact address:
 * the mail asks for a reply, and the sender (SMTP_FROM) is often an address nobody reads.
 */
export function emailPlaybookLink(
  config: Config,
  lead: Pick<NewInquiry, 'name' | 'email'>,
  link: string,
  contactEmail: string,
): Promise<boolean> {
  const mail = {
    to: { name: lead.name, address: lead.email },
    replyTo: { name: config.siteName, address: contactEmail },
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
  }
  return sendWhileShowingLink(config, mail, 'E-mailing a playbook link failed (the link was shown on the page):')
}

/**
 * Hands a mail whose link the page shows anyway to the mail server, when one is set. True only once
 * the server has taken it; a failure is logged, not thrown, since the page still has the link.
 */
async function sendWhileShowingLink(config: Config, mail: SendMailOptions, failure: string): Promise<boolean> {
  if (!config.smtpUrl) return false
  try {
    await send(config, mail)
    return true
  } catch (error) {
    logger.error({ err: error }, failure)
    return false
  }
}

/**
 * E-mails an admin the link that resets their password. Throws when the mail server is unreachable
 * or refuses, so the caller (which sends it after the page has answered) can log it.
 */
export function emailPasswordResetLink(config: Config, to: string, link: string, validMinutes: number): Promise<void> {
  return send(config, {
    to,
    subject: `Reset your ${config.siteName} admin password`,
    text: [
      `Someone asked to reset the password of the ${config.siteName} admin account for ${to}.`,
      '',
      `To choose a new password, open this link within ${validMinutes} minutes. It works once:`,
      link,
      '',
      'Resetting your password signs you out on every device.',
      '',
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      '',
      config.siteName,
    ].join('\n'),
  })
}

/**
 * E-mails an invitation's link to the person invited. True only once the mail server has taken it,
 * so the People screen says "sent" only when that is so, and otherwise shows the link to copy.
 */
export function emailInvitation(
  config: Config,
  invitation: { email: string; role: string; invitedBy: string },
  link: string,
): Promise<boolean> {
  const mail = {
    to: invitation.email,
    replyTo: invitation.invitedBy,
    subject: `You are invited to the ${config.siteName} admin`,
    text: [
      'Hello,',
      '',
      `${invitation.invitedBy} invites you to the ${config.siteName} admin as ${invitation.role}.`,
      'Choose a password here to join (the link works once, for 72 hours):',
      link,
      '',
      'If you were not expecting this, you can ignore this e-mail.',
      '',
      config.siteName,
    ].join('\n'),
  }
  return sendWhileShowingLink(
    config,
    mail,
    `E-mailing an invitation to ${invitation.email} failed (the link was shown to the owner instead):`,
  )
}

/** A post under review as its e-mails name it: its title and where an admin opens it. */
interface ReviewedPost {
  title: string
  editorUrl: string
}

/*
 * The review of an Author's post, by e-mail when a mail server is set. Each says what the post list
 * and the editor show anyway, so without a mail server nothing is sent, and a failure is logged, not
 * thrown: the change itself is made either way. Reply-To is the admin who acted, so a reply reaches them.
 */

/** Tells an Editor or Owner that an admin asks them to review a post and publish it. */
export function emailReviewRequest(config: Config, to: string, post: ReviewedPost, by: { name: string; email: string }): Promise<boolean> {
  const mail = {
    to,
    replyTo: by.email,
    subject: `Review requested: ${post.title}`,
    text: [
      `${by.name} asks you to review "${post.title}" and publish it.`,
      '',
      `Open it in the editor: ${post.editorUrl}`,
      '',
      'Publish it from the post list or the editor, or choose Send back there to return it with a note.',
      '',
      config.siteName,
    ].join('\n'),
  }
  return sendWhileShowingLink(config, mail, `E-mailing a review request to ${to} failed (the post list shows it):`)
}

/** Tells the admin who asked for a review that their post was sent back, with the reviewer's note. */
export function emailSentBack(
  config: Config,
  to: string,
  post: ReviewedPost,
  by: { name: string; email: string },
  note: string,
): Promise<boolean> {
  const mail = {
    to,
    replyTo: by.email,
    subject: `Sent back to you: ${post.title}`,
    text: [
      `${by.name} sent your post "${post.title}" back with this note:`,
      '',
      note,
      '',
      `Open it in the editor: ${post.editorUrl}`,
      '',
      'Once you have made the changes, choose Submit for review again in the post list.',
      '',
      config.siteName,
    ].join('\n'),
  }
  return sendWhileShowingLink(config, mail, `E-mailing a sent-back note to ${to} failed (the post list and editor show it):`)
}

/**
 * Tells the admin who asked for a review that their post is published, with its address, or
 * scheduled, with the time it goes out (`scheduledFor`, in the site's time zone).
 */
export function emailPostPublished(
  config: Config,
  to: string,
  post: { title: string; url: string },
  by: { name: string; email: string },
  scheduledFor: string | null,
): Promise<boolean> {
  const mail = {
    to,
    replyTo: by.email,
    subject: scheduledFor ? `Scheduled for ${scheduledFor}: ${post.title}` : `Published: ${post.title}`,
    text: [
      scheduledFor
        ? `${by.name} scheduled your post "${post.title}". It goes live on ${scheduledFor} at:`
        : `${by.name} published your post "${post.title}". It is live at:`,
      post.url,
      '',
      config.siteName,
    ].join('\n'),
  }
  return sendWhileShowingLink(config, mail, `E-mailing a publishing notice to ${to} failed (the post list shows it):`)
}
