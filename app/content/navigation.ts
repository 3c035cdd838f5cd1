import type { NavItem, NavLinkItem } from './types'

/** The header's menus; an item without sections is a plain link. */
export const navigation: NavItem[] = [
  {
    label: 'Solutions',
    path: '/solutions',
    sections: [
      {
        title: 'What we set up',
        items: [
          { title: 'AI Automations', href: '/solutions#ai-automations' },
          { title: 'AI Agents & Virtual Receptionists', href: '/solutions#ai-agents-receptionists' },
          { title: 'Infrastructure Modernization', href: '/solutions#infrastructure-modernization' },
          { title: 'Lead Generation & Upsell Campaigns', href: '/solutions#lead-gen-upsell' },
        ],
      },
      { title: 'Overview', items: [{ title: 'How We Help', href: '/how-we-help' }] },
    ],
  },
  {
    label: 'Industries We Help',
    path: '/industries',
    sections: [
      {
        title: 'Industries',
        items: [
          { title: 'HVAC', href: '/industries/hvac' },
          { title: 'Doggy Daycare', href: '/industries/doggy-daycare' },
          { title: 'Real Estate', href: '/industries/real-estate' },
          { title: 'Barber Shops', href: '/industries/barber-shops' },
          { title: 'Property Management', href: '/industries/property-management' },
          { title: 'Lawn Care', href: '/industries/lawn-care' },
        ],
      },
    ],
  },
  { label: 'Case Studies', path: '/case-studies', sections: [] },
  {
    label: 'About',
    path: '/about',
    sections: [
      {
        title: 'About us',
        items: [
          { title: 'Our Story', href: '/about#our-story' },
          { title: 'Our Team', href: '/about#team' },
          { title: 'Our Values', href: '/about#values' },
          { title: 'Partners', href: '/about#partners' },
        ],
      },
    ],
  },
  {
    label: 'Resources',
    path: '/resources',
    sections: [
      {
        title: 'Learn',
        items: [
          { title: 'Blog', href: '/resources/blog' },
          { title: 'Free AI Playbook', href: '/resources/ai-playbook' },
          { title: 'FAQ', href: '/resources/faq' },
        ],
      },
    ],
  },
]

export const footerColumns: { title: string; links: NavLinkItem[] }[] = [
  {
    title: 'Solutions',
    links: [
      { title: 'AI Automations', href: '/solutions#ai-automations' },
      { title: 'AI Agents', href: '/solutions#ai-agents-receptionists' },
      { title: 'IT Modernization', href: '/solutions#infrastructure-modernization' },
      { title: 'Lead Gen & Upsell', href: '/solutions#lead-gen-upsell' },
      { title: 'How We Help', href: '/how-we-help' },
    ],
  },
  {
    title: 'Company',
    links: [
      { title: 'About', href: '/about' },
      { title: 'Case Studies', href: '/case-studies' },
      { title: 'Industries', href: '/industries' },
      { title: 'Partners', href: '/partners' },
      { title: 'Contact', href: '/contact' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { title: 'Blog', href: '/resources/blog' },
      { title: 'Free AI Playbook', href: '/resources/ai-playbook' },
      { title: 'FAQ', href: '/resources/faq' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { title: 'Privacy Policy', href: '/privacy' },
      { title: 'Terms of Service', href: '/terms' },
    ],
  },
]
