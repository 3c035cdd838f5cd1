import { blogIntro } from './blog'
import { contactPage } from './contact'
import { howWeHelpIntro } from './how-we-help'
import { industries, industriesIntro } from './industries'
import { partnersIntro } from './partners'
import { playbook } from './playbook'
import { resourcesIntro } from './resources'
import { solutionsIntro } from './solutions'

/**
 * The marketing pages as search results and share cards show them by default: each page's name in
 * the back office, its own title (before "| site name"; none for the home page) and its summary.
 * Settings → Search and sharing can replace any of them per page.
 */
export interface MarketingPage {
  path: string
  name: string
  title?: string
  description: string
}

export const marketingPages: MarketingPage[] = [
  {
    path: '/',
    name: 'Home',
    description:
      'AI receptionists, chatbots, automation and modern IT for small and medium businesses across the U.S. Book a free 30-minute strategy session.',
  },
  { path: '/solutions', name: 'Solutions', title: 'Solutions', description: solutionsIntro.text },
  { path: '/how-we-help', name: 'How We Help', title: 'How We Help', description: howWeHelpIntro.text },
  { path: '/industries', name: 'Industries', title: 'Industries We Help', description: industriesIntro.text },
  { path: '/partners', name: 'Partners', title: 'Our Partners', description: partnersIntro },
  {
    path: '/about',
    name: 'About',
    title: 'About',
    description: 'Who we are, what we value and the team that sets up AI and modern IT for small businesses across the U.S.',
  },
  { path: '/contact', name: 'Contact', title: "Let's Talk", description: contactPage.text },
  {
    path: '/privacy',
    name: 'Privacy Policy',
    title: 'Privacy Policy',
    description: 'What this website collects, why, and the choices you have.',
  },
  { path: '/terms', name: 'Terms of Service', title: 'Terms of Service', description: 'The terms for using this website.' },
  {
    path: '/case-studies',
    name: 'Case Studies',
    title: 'Case Studies',
    description: 'How clinics, contractors, shops and agencies use AI receptionists, chatbots and automation, with the results.',
  },
  { path: '/resources', name: 'Resources', title: 'Resources', description: resourcesIntro.text },
  {
    path: '/resources/faq',
    name: 'FAQ',
    title: 'Frequently Asked Questions',
    description: 'Plain answers about our AI solutions, what they cost, how long they take and whether you need to be technical.',
  },
  { path: '/resources/ai-playbook', name: 'AI Playbook', title: 'Free AI Playbook', description: playbook.subtitle },
  { path: '/resources/blog', name: 'Blog', title: blogIntro.title, description: blogIntro.description },
  ...industries.map((industry) => ({
    path: `/industries/${industry.slug}`,
    name: `Industry: ${industry.name}`,
    title: `AI for ${industry.name}`,
    description: industry.intro,
  })),
]
