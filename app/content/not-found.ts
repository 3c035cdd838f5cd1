/** The ways on from the not-found page. An even count, so its two columns end level. */
export const notFound = {
  text: 'The page you are looking for has moved or never existed. Search the blog, or start from one of these.',
  sectionsTitle: 'Where to next',
  sections: [
    { title: 'Solutions', text: 'What we set up and how it works', href: '/solutions' },
    { title: 'Industries We Help', text: 'Trades and practices we know well', href: '/industries' },
    { title: 'Case Studies', text: 'Results from businesses like yours', href: '/case-studies' },
    { title: 'Blog', text: 'Plain-language guides for owners', href: '/resources/blog' },
    { title: 'About', text: 'Our story, team and values', href: '/about' },
    { title: 'Contact', text: 'Ask a question or book a call', href: '/contact' },
  ],
}
