import type { ResourceCard } from './types'

export const resourcesIntro = {
  title: 'Resources',
  text: 'Practical reading for busy owners: plain-language articles, a step-by-step guide to getting started with AI, and answers to the questions we hear most.',
}

export const resourceCards: ResourceCard[] = [
  {
    title: 'Blog',
    description:
      'Short articles on answering more calls, following up with leads and cutting paperwork, with real examples from small businesses.',
    href: '/resources/blog',
    icon: 'lightbulb',
    cta: 'Read the Blog',
  },
  {
    title: 'AI Playbook',
    description:
      'A free step-by-step guide to finding where AI can save your business time, with a simple ROI calculator and case studies.',
    href: '/resources/ai-playbook',
    icon: 'graduation',
    cta: 'Get the Playbook',
  },
  {
    title: 'FAQ',
    description: 'Straight answers about what we offer, what it costs, how long it takes and whether you need any technical background.',
    href: '/resources/faq',
    icon: 'message',
    cta: 'Read the FAQ',
  },
]
