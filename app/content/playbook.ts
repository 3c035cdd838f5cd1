export const playbook: {
  title: string
  subtitle: string
  /** Shown when the link was also e-mailed. */
  thanks: string
  /** Shown when no e-mail went out (no mail server set, or it failed): the link on the page is the way. */
  ready: string
  download: string
  downloadNote: string
  /** What the page says to someone who followed a download link that no longer works. */
  link: Record<'expired' | 'invalid', string>
} = {
  title: 'The Small Business AI Playbook',
  subtitle:
    "A free, plain-language guide to finding the jobs in your business that AI can take over, and to knowing what that's worth before you spend a dollar.",
  thanks:
    "Thanks! Your playbook is on its way to your inbox. If it doesn't show up in a few minutes, check your spam folder. When you're ready, book your free 30-minute AI readiness consultation and we'll walk through it with you.",
  ready:
    "Thanks! Your playbook is ready: download it below. When you're ready, book your free 30-minute AI readiness consultation and we'll walk through it with you.",
  download: 'Download the playbook (PDF)',
  downloadNote: 'This link is yours and works for 7 days.',
  link: {
    expired: 'That download link has expired: links work for 7 days. Fill in the form and you will get a fresh one at once.',
    invalid:
      'That download link is not one we recognise (it may have been cut short when copied). Fill in the form and you will get a fresh one at once.',
  },
}
