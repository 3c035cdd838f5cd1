import type { FaqItem } from './types'

export const faqs: FaqItem[] = [
  {
    question: 'What AI solutions do you offer?',
    answer:
      'We focus on four areas. AI Automations connect your software so repeat tasks like data entry, reminders and invoicing run on their own. AI Agents & Virtual Receptionists answer your phone, texts or website chat, book appointments and pass urgent matters to your team. Infrastructure Modernization moves you off aging servers onto reliable, backed-up cloud services. Lead Generation & Upsell Campaigns make sure new leads get a quick reply and past customers get a reminder when they are due again.',
  },
  {
    question: 'How can AI help my business?',
    answer:
      'Most small businesses lose time and money in the same places: calls that go to voicemail, leads that wait hours for a reply, and paperwork typed into several programs. AI tools can answer those calls, send those replies and move that information for you. Our clients typically save several hours a week and book more of the work that was already coming their way.',
  },
  {
    question: 'Do I need technical expertise?',
    answer:
      'No. We handle the planning, setup and connections to your existing software. We then show you and your staff how things work in plain language and leave you with simple guides. If something needs changing later, you call us and we take care of it.',
  },
  {
    question: 'How much does it cost?',
    answer:
      'It varies with the scope, but most projects fall in three sizes. One job handled, such as an AI receptionist or a single automation, starts at $1,500 to set up, plus running costs from $150 a month. A connected set of two to four jobs usually comes to $4,500 to $12,000. Ongoing IT care for an office of up to 10 people starts at $300 a month. Before you commit to anything, we do an ROI analysis, meaning we estimate what the project will save or earn you compared with what it costs, and the first project has a fixed price agreed in writing. The packages and what each includes are under Pricing on our Solutions page.',
  },
  {
    question: 'How long does implementation take?',
    answer:
      'Many systems are operational within 2-4 weeks. Simple setups, like a website chatbot or a few connected apps, can be faster. Larger projects, such as moving off an old server, take longer, and we give you a clear timeline up front.',
  },
]
