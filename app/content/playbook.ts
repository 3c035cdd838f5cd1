export const playbook: {
  title: string
  subtitle: string
  benefits: string[]
  formTitle: string
  thanks: string
} = {
  title: 'The Small Business AI Playbook',
  subtitle:
    "A free, plain-language guide to finding the jobs in your business that AI can take over, and to knowing what that's worth before you spend a dollar.",
  benefits: [
    'A step-by-step guide to picking your first AI project and getting it running',
    'An ROI calculator to estimate the hours and money a project could save you',
    'Case studies from HVAC, real estate, pet care and other small businesses',
    'A free 30-minute AI readiness consultation to talk through your own numbers',
  ],
  formTitle: 'Get Your Free Copy',
  thanks:
    "Thanks! Your playbook is on its way to your inbox. If it doesn't show up in a few minutes, check your spam folder. When you're ready, book your free 30-minute AI readiness consultation and we'll walk through it with you.",
}
