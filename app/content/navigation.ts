import type { NavigationSettings } from '~/lib/navigation'

/** The header's menus and the footer's columns as the site launched with them; after that they are edited under Navigation. */
export const seedNavigation: NavigationSettings = {
  menus: [
    {
      label: 'Solutions',
      path: '/solutions',
      sections: [
        {
          title: 'What we set up',
          source: 'services',
          links: [],
        },
        { title: 'Overview', source: 'links', links: [{ title: 'How We Help', href: '/how-we-help' }] },
      ],
    },
    {
      label: 'Industries We Help',
      path: '/industries',
      sections: [
        {
          title: 'Industries',
          source: 'industries',
          links: [],
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
          source: 'links',
          links: [
            { title: 'Our Story', href: '/about#our-story' },
            { title: 'Our Team', href: '/about#our-team' },
            { title: 'Our Values', href: '/about#our-values' },
            // One destination for every Partners link: the full page, not the About page's row of logos.
            { title: 'Partners', href: '/partners' },
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
          source: 'links',
          links: [
            { title: 'Blog', href: '/resources/blog' },
            { title: 'Free AI Playbook', href: '/resources/ai-playbook' },
            { title: 'FAQ', href: '/resources/faq' },
          ],
        },
      ],
    },
  ],
  footer: [
    {
      title: 'Solutions',
      source: 'services',
      links: [{ title: 'How We Help', href: '/how-we-help' }],
    },
    {
      title: 'Company',
      source: 'links',
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
      source: 'links',
      links: [
        { title: 'Blog', href: '/resources/blog' },
        { title: 'Free AI Playbook', href: '/resources/ai-playbook' },
        { title: 'FAQ', href: '/resources/faq' },
      ],
    },
    {
      title: 'Legal',
      source: 'links',
      links: [
        { title: 'Privacy Policy', href: '/privacy' },
        { title: 'Terms of Service', href: '/terms' },
      ],
    },
  ],
}
