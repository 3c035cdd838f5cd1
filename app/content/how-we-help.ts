import type { IconName, Service } from './types'

export const howWeHelpIntro = {
  title: 'How We Help' as const,
  text: 'We take the jobs that keep you on the phone or at the desk after hours and hand them to tools that work around the clock. You stay in charge, and a real person on our team is always a call away.',
}

export const howWeHelpServices: Service[] = [
  {
    title: 'AI Workflow Automation',
    description:
      'We connect your forms, calendar, CRM and accounting so information is entered once and moves on by itself. Fewer late nights on paperwork and fewer mistakes.',
    color: 'blue',
    icon: 'workflow',
  },
  {
    title: 'AI-Powered Virtual Receptionists',
    description:
      'An AI receptionist answers your phone in a natural voice, books appointments and passes urgent calls to your team. No more customers lost to voicemail.',
    color: 'violet',
    icon: 'phone',
  },
  {
    title: 'Custom Chatbots & Voicebots',
    description:
      'A chatbot answers questions in a chat window on your website, and a voicebot does the same over the phone. Both are trained on your own services, prices and policies.',
    color: 'teal',
    icon: 'message',
  },
  {
    title: 'IT Infrastructure & Cloud Ops',
    description:
      'We retire aging servers, move your files to reliable cloud services and keep everything backed up and up to date. The cloud simply means your files live on secure, professionally run computers instead of a box in your back office.',
    color: 'emerald',
    icon: 'server',
  },
  {
    title: 'Lead Gen & Upsell Campaigns',
    description:
      'New leads get a quick, personal reply and past customers get a friendly reminder when they are due again. More booked jobs from the contacts you already have.',
    color: 'amber',
    icon: 'trending',
  },
  {
    title: 'Security & Compliance Support',
    description:
      'We set up sensible logins, backups and access rules, and help you follow the privacy rules that apply to your field. We explain what matters in plain terms, without scare tactics.',
    color: 'rose',
    icon: 'shield',
  },
]

export const industriesServed: { name: string; icon: IconName; text: string }[] = [
  {
    name: 'Legal Services',
    icon: 'scale',
    text: 'Faster client intake, same-day replies to new inquiries and less retyping between case and billing software.',
  },
  {
    name: 'Healthcare',
    icon: 'stethoscope',
    text: 'Phones answered during the morning rush, routine visits booked and reminders sent, with medical questions always going to staff.',
  },
  {
    name: 'Retail',
    icon: 'store',
    text: 'Questions about stock, hours and shipping answered day and night, with pickup holds and online orders handled for you.',
  },
  {
    name: 'HVAC',
    icon: 'thermometer',
    text: 'Every service call answered in peak season, emergencies sent to the on-call tech and routine jobs booked into open slots.',
  },
  {
    name: 'Real Estate',
    icon: 'home',
    text: 'New leads answered within minutes, assigned to an agent and offered showing times from their calendar.',
  },
  {
    name: 'Hospitality',
    icon: 'hotel',
    text: 'Reservations, common guest questions and review requests handled by phone, text or chat so your staff can focus on guests.',
  },
  {
    name: 'Professional Services',
    icon: 'briefcase',
    text: 'Consultations booked, documents collected and follow-ups sent without chasing clients by email.',
  },
]
