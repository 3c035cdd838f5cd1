import { ACCENTS, ICON_NAMES, TONES } from './palette'
import { type DataOf, type Fields, caseStudies, checkbox, image, link, list, markdown, select, text } from './fields'

/*
 * Every kind of block a page is built from: its name and picture in the editor's library, and its
 * fields. Each has one server-rendered view (app/components/blocks/) and, where it shows records
 * (case studies, testimonials, team, posts), one loader on the server
 * (app/server/services/block-data.server.ts). A block holds words and choices, never markup: the view
 * decides how it looks, so no block can break the design or its accessibility.
 */

export interface BlockDefinition {
  label: string
  /** One line in the block library. */
  description: string
  /** The block's title is the page's h1: a page has exactly one such block, and it comes first. */
  mainHeading?: true
  fields: Fields
}

const options = <const V extends string>(values: readonly V[], labels: Partial<Record<V, string>> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? value[0]!.toUpperCase() + value.slice(1) }))

const tone = (help = 'The band’s background; its text colours come with it.') =>
  select('Background', options(TONES, { muted: 'Light grey', dark: 'Dark navy' }), help)
const icon = select('Icon', options(['none', ...ICON_NAMES] as const))
const accent = select('Colour', options(ACCENTS))
const anchor = text('Anchor', {
  max: 60,
  help: 'A name for links to this band (such as services, for /page#services): lowercase letters, digits and dashes.',
  pattern: { test: /^[a-z0-9]+(-[a-z0-9]+)*$/, message: 'Use lowercase letters, digits and dashes, such as our-services' },
})
/** The heading words most bands start with. */
const heading = { anchor, eyebrow: text('Eyebrow', { max: 80 }), title: text('Title', { max: 160 }) }

const columns = select('Columns on wide screens', options(['3', '2', '4'] as const))

export const BLOCKS = {
  hero: {
    label: 'Hero with proof',
    description: 'The home page’s opening: headline, booking button and figures from case studies.',
    mainHeading: true,
    fields: {
      eyebrow: text('Eyebrow', { max: 80 }),
      title: text('Headline', { required: true, max: 140 }),
      highlight: text('Highlighted words', { max: 80, help: 'Words of the headline shown in the accent colour.' }),
      subtitle: text('Text', { multiline: true, max: 600 }),
      primaryCta: text('Booking button', { required: true, max: 60 }),
      secondaryCta: text('Second button', { max: 60 }),
      secondaryLink: link('Second button’s link'),
      resultsTitle: text('Figures heading', { max: 80, help: 'Above the first three case studies’ headline figures.' }),
    },
  },
  'page-header': {
    label: 'Page header',
    description: 'A page’s title band: eyebrow, title, a sentence, an optional booking button and what its kind of page shows beside them.',
    mainHeading: true,
    fields: {
      eyebrow: text('Eyebrow', { max: 80 }),
      title: text('Title', { required: true, max: 140 }),
      text: text('Text', { multiline: true, max: 600 }),
      bookingButton: text('Booking button', { max: 60, help: 'Leave empty for no button.' }),
      visual: select(
        'Beside the title',
        options(['none', 'figures', 'trade', 'team', 'contact'] as const, {
          none: 'Nothing (a calm header)',
          figures: 'Three case studies’ headline figures',
          trade: 'The trade: the industry of the page’s address, or every industry',
          team: 'The team’s portraits',
          contact: 'The first team member, the phone and the booking button',
        }),
        'On phones it sits beneath the title.',
      ),
    },
  },
  'client-marks': {
    label: 'Client marks',
    description: 'A row of the clients with case studies, each leading to its story.',
    fields: { title: text('Title', { max: 120 }) },
  },
  'card-grid': {
    label: 'Card grid',
    description: 'Cards with an icon, a title and a sentence, in two to four columns.',
    fields: {
      ...heading,
      intro: text('Intro', { multiline: true, max: 400 }),
      tone: tone(),
      style: select(
        'Card style',
        options(['cards', 'items', 'icon-cards', 'link-cards', 'check-cards'] as const, {
          cards: 'Cards with tinted icons',
          items: 'Items beside the title',
          'icon-cards': 'Small cards with an icon',
          'link-cards': 'Cards that link',
          'check-cards': 'Cards with a tick',
        }),
      ),
      columns,
      items: list('Cards', 'card', {
        title: text('Title', { required: true, max: 120 }),
        description: text('Text', { multiline: true, max: 600 }),
        icon,
        color: accent,
        link: link('Link', { help: 'For cards that link.' }),
        linkLabel: text('Link label', { max: 60 }),
      }),
    },
  },
  steps: {
    label: 'Numbered steps',
    description: 'Steps in order, as a numbered list or a timeline on a dark band.',
    fields: {
      ...heading,
      tone: tone(),
      style: select('Style', options(['list', 'timeline'] as const, { list: 'Numbered list beside the title', timeline: 'Timeline' })),
      steps: list('Steps', 'step', {
        when: text('When', { max: 40, help: 'Such as Day 1 or Week 2 (timeline).' }),
        title: text('Title', { required: true, max: 120 }),
        text: text('Text', { multiline: true, max: 600 }),
      }),
    },
  },
  figures: {
    label: 'Row of figures',
    description: 'Results side by side, each with its client and a link to the story.',
    fields: {
      ...heading,
      tone: tone(),
      items: list(
        'Figures',
        'figure',
        {
          client: text('Client', { required: true, max: 80 }),
          result: text('Result', { required: true, max: 200 }),
          color: accent,
          link: link('Link', { help: 'The case study the figure comes from; the link reads “Read full case study”.' }),
        },
        { max: 6 },
      ),
    },
  },
  'case-studies': {
    label: 'Case studies',
    description: 'Case study cards: the ones you choose, or those of one industry.',
    fields: {
      ...heading,
      tone: tone(),
      studies: caseStudies('Case studies', 6, 'In this order. Leave empty to show the industry’s.'),
      industry: text('Industry', { max: 80, help: 'Used when no case study is chosen: the industry whose studies to show.' }),
      linkTo: select(
        'Cards lead to',
        options(['page', 'card'] as const, { page: 'Each study’s own page', card: 'Its card on the Case Studies page' }),
      ),
      buttonLabel: text('Button', { max: 60 }),
      buttonLink: link('Button’s link'),
      hidePictures: checkbox('Leave out the pictures', 'Where the page already shows the same illustration.'),
    },
  },
  'featured-proof': {
    label: 'Featured case study',
    description: 'One study in full (picture, figure, the client’s words) and three smaller ones beside it.',
    fields: {
      ...heading,
      tone: tone(),
      studies: caseStudies(
        'Case studies',
        4,
        'The first is featured; the next three sit below it. Leave empty for the first four in the Case Studies order.',
      ),
      featuredLabel: text('Featured study’s label', { max: 80, help: 'Small words above the featured study.' }),
      featuredAnchor: text('Featured study’s anchor', {
        max: 60,
        help: 'A name for links straight to the featured study: lowercase letters, digits and dashes.',
        pattern: anchor.pattern,
      }),
      linkTo: select(
        'Studies lead to',
        options(['page', 'card'] as const, { page: 'Each study’s own page', card: 'Its card on the Case Studies page' }),
      ),
      buttonLabel: text('Button', { max: 60 }),
      buttonLink: link('Button’s link'),
    },
  },
  testimonials: {
    label: 'Testimonials',
    description: 'What clients say, as chosen for this page under Testimonials.',
    fields: {
      ...heading,
      tone: tone(),
      page: select('Testimonials chosen for', options(['home', 'about'] as const, { home: 'The home page', about: 'The About page' })),
      columns: select('Columns on wide screens', options(['3', '2'] as const)),
    },
  },
  'cta-band': {
    label: 'Call to action',
    description: 'A closing band with a title, a sentence and one button; the navy panel, when it books, says what the first call is.',
    fields: {
      anchor,
      title: text('Title', { max: 120 }),
      text: text('Text', { multiline: true, max: 600 }),
      tone: tone(),
      style: select(
        'Style',
        options(['plain', 'feature', 'link'] as const, { plain: 'Plain band', feature: 'Navy panel', link: 'A single link' }),
        'A navy panel that opens the booking calendar also shows the call’s length, who it is with (the first of the team) and what the owner leaves with.',
      ),
      buttonLabel: text('Button', { required: true, max: 60 }),
      buttonAction: select(
        'Button opens',
        options(['booking', 'link', 'partners-email'] as const, {
          booking: 'The booking calendar',
          link: 'The link below',
          'partners-email': 'An e-mail to the partnerships address',
        }),
      ),
      buttonLink: link('Button’s link'),
    },
  },
  'contact-details': {
    label: 'Contact details',
    description: 'The contact e-mail and social links from Settings, with a title and a sentence.',
    fields: { anchor, title: text('Title', { max: 120 }), text: text('Text', { multiline: true, max: 600 }), tone: tone() },
  },
  split: {
    label: 'Split text and list',
    description: 'Text on one side, points or a picture on the other.',
    fields: {
      anchor,
      title: text('Title', { required: true, max: 140 }),
      text: text('Text', { multiline: true, max: 1_000 }),
      note: text('Example', { multiline: true, max: 600, help: 'A highlighted example under the text.' }),
      tone: tone(),
      style: select(
        'Style',
        options(['ticked', 'plain'] as const, {
          ticked: 'Text and example beside ticked points',
          plain: 'Title above, plain points beside the picture',
        }),
      ),
      reverse: checkbox('Text on the right on wide screens'),
      icon,
      color: accent,
      points: list('Points', 'point', { text: text('Point', { required: true, max: 300 }) }, { min: 0, max: 12 }),
      picture: image('Picture'),
    },
  },
  faq: {
    label: 'Questions and answers',
    description: 'The questions of Collections → FAQ, each opening to its answer, with a closing line.',
    fields: {
      ...heading,
      tone: tone(),
      closing: text('Closing line', { max: 200 }),
      closingLinkLabel: text('Closing link', { max: 60 }),
      closingLink: link('Closing link’s address'),
    },
  },
  partners: {
    label: 'Partners',
    description: 'The partners of Collections → Partners: every one under category tabs, or the featured ones as a row of logos.',
    fields: {
      ...heading,
      intro: text('Intro', { multiline: true, max: 400 }),
      tone: tone(),
      style: select(
        'Style',
        options(['tabs', 'logos'] as const, { tabs: 'Cards with category tabs', logos: 'A compact row of the featured partners’ logos' }),
      ),
    },
  },
  team: {
    label: 'Team',
    description: 'The team members, in the order set under Team Members.',
    fields: { ...heading, tone: tone() },
  },
  locations: {
    label: 'Locations',
    description: 'Where the teams are, from Collections → Locations.',
    fields: {
      ...heading,
      intro: text('Intro', { multiline: true, max: 400 }),
      tone: tone(),
    },
  },
  'rich-text': {
    label: 'Rich text',
    description: 'Headings, paragraphs, lists and links, written in Markdown.',
    fields: {
      anchor,
      title: text('Title', { max: 160 }),
      tone: tone(),
      layout: select('Layout', options(['article', 'split'] as const, { article: 'One column', split: 'Title beside the text' })),
      body: markdown('Text', {
        help: '## for a heading, - for a list item, [words](/path) for a link. {siteName} is replaced by the company’s name, {retentionMonths} by how many months page views are kept.',
      }),
    },
  },
  'contact-form': {
    label: 'Contact form',
    description: 'The contact form, with the booking and e-mail cards beside it.',
    fields: {
      tone: tone(),
      formTitle: text('Form title', { required: true, max: 80 }),
      bookingTitle: text('Booking card title', { required: true, max: 80 }),
      bookingText: text('Booking card text', { multiline: true, max: 400 }),
      bookingButton: text('Booking card button', { required: true, max: 60 }),
      emailTitle: text('E-mail card title', { required: true, max: 80 }),
    },
  },
  'playbook-form': {
    label: 'Playbook form and ROI calculator',
    description: 'What the playbook holds, the form that sends it, and the calculator that fills it in.',
    fields: {
      tone: tone(),
      benefitsTitle: text('List title', { required: true, max: 80 }),
      benefits: list('What’s inside', 'point', { text: text('Point', { required: true, max: 300 }) }),
      formTitle: text('Form title', { required: true, max: 80 }),
      calculatorTitle: text('Calculator title', { required: true, max: 120 }),
      calculatorIntro: text('Calculator intro', { multiline: true, max: 600 }),
    },
  },
  'latest-posts': {
    label: 'Latest posts',
    description: 'The newest blog posts, as cards.',
    fields: {
      ...heading,
      tone: tone(),
      count: select('How many', options(['3', '6'] as const)),
      buttonLabel: text('Button to the blog', { max: 60 }),
    },
  },
  'industry-cards': {
    label: 'Industry cards',
    description: 'A card for each industry of Collections → Industries (or the ones you name), leading to its page.',
    fields: {
      ...heading,
      tone: tone(),
      style: select(
        'Card style',
        options(['pictures', 'compact'] as const, {
          pictures: 'Cards with the industry’s picture',
          compact: 'Small cards without pictures',
        }),
      ),
      industries: text('Industries shown', {
        max: 400,
        help: 'Their addresses in this order, separated by commas (legal, healthcare). Leave empty to show every industry.',
      }),
      others: text('Also served', {
        max: 300,
        help: 'Trades you serve without a page of their own, separated by commas: listed under the cards, without links.',
      }),
      linkLabel: text('Link label', { max: 60, help: 'Before the industry’s name: How we help …' }),
    },
  },
  services: {
    label: 'Services',
    description: 'A band for each service of Collections → Services: its summary, an example and what the owner gets.',
    fields: { tone: select('First band’s background', options(['white', 'muted'] as const, { muted: 'Light grey' })) },
  },
  pricing: {
    label: 'Pricing',
    description: 'Packages with their starting prices and what each includes, a promise that lowers the risk, and the booking button.',
    fields: {
      ...heading,
      intro: text('Intro', { multiline: true, max: 400 }),
      tone: tone(),
      priceLead: text('Before each price', { max: 20, help: 'Such as From, shown above every package’s price.' }),
      packages: list(
        'Packages',
        'package',
        {
          name: text('Name', { required: true, max: 80 }),
          price: text('Price', { required: true, max: 20, help: 'The starting figure, such as $1,500.' }),
          priceNote: text('After the price', { max: 60, help: 'Such as one-time setup or a month.' }),
          summary: text('Who it is for', { multiline: true, max: 300 }),
          includes: list('What it includes', 'point', { text: text('Point', { required: true, max: 200 }) }, { min: 0, max: 8 }),
        },
        { max: 4, namedBy: 'name' },
      ),
      promiseTitle: text('Promise title', { max: 120, help: 'A pilot or guarantee, such as a fixed price for the first project.' }),
      promise: text('Promise', { multiline: true, max: 600 }),
      buttonLabel: text('Booking button', { max: 60, help: 'Leave empty for no button.' }),
    },
  },
} as const satisfies Record<string, BlockDefinition>

export type BlockType = keyof typeof BLOCKS
export const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[]
export const isBlockType = (type: string): type is BlockType => Object.hasOwn(BLOCKS, type)

/** What a block of one type holds once checked: its view's props. */
export type BlockData<T extends BlockType> = DataOf<(typeof BLOCKS)[T]['fields']>
