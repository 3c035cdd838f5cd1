import type { icons } from 'lucide-react'
import type { Role } from '~/lib/roles'

/*
 * The back office's sections, each declared once: its name and address, the least role that opens it,
 * how the menu and the dashboard show it, the table its records live in, the words of its list and
 * editor, and its route modules. The menu (components/admin/nav.ts), the access table
 * (lib/admin-access.ts), the editor kit's image columns (server/repositories/versions.server.ts) and
 * the admin part of app/routes.ts are read from here. Pure data: the server reads it too, so icons are
 * named, and the menu draws them.
 */

/** One address of a section under /admin, in React Router's pattern syntax ('' is /admin itself). */
export interface SectionRoute {
  path: string
  /** The route module, from app/. */
  module: string
  /** React Router's id, where two addresses share one module. */
  id?: string
  /** A role above the section's own, for this address only. */
  leastRole?: Role
  /** Fetched by the section's screens (a preview, an export), so served outside the admin's frame. */
  endpoint?: true
  /** Shown in the public site's frame (header, footer, its CSS and scripts): a page's preview. */
  siteFrame?: true
}

const screen = (path: string, module: string, options: Pick<SectionRoute, 'id' | 'leastRole'> = {}): SectionRoute => ({
  path,
  module,
  ...options,
})
const endpoint = (path: string, module: string): SectionRoute => ({ path, module, endpoint: true })
const siteFrame = (path: string, module: string): SectionRoute => ({ path, module, siteFrame: true })

/** The list and editor of a section built on the editor kit: the list at `path`, its editor at `path/new` and `path/edit/:id`. */
const listAndEditor = (path: string, list: string, editor: string, record: string) => [
  screen(path, list),
  screen(`${path}/new`, editor, { id: `${record}-new` }),
  screen(`${path}/edit/:id`, editor, { id: `${record}-edit` }),
]

/** What the words of a list and its editor say; a section built on the editor kit has them. */
interface RecordWords {
  /** The record's name in messages: 'team member', and more than one: 'team members'. */
  record: string
  /** The editor's link back to the list. */
  back: string
  records: string
  /** The editor's heading for a new record, and the list's button to it. */
  createTitle: string
  editTitle: string
  /** The heading of the card that holds the form, where the form is one card. */
  card?: string
  submit: string
  rowTestId: string
  empty: { title: string; description: string }
  deleteQuestion: string
  /** The toasts; `deleteUnreadable` is for a delete request that names no row (`deleteFailed` unless set). */
  messages: Record<
    'listFailed' | 'loadFailed' | 'created' | 'updated' | 'createFailed' | 'updateFailed' | 'deleted' | 'deleteFailed',
    string
  > & { deleteUnreadable?: string }
}

/** A lucide icon, by the name lucide exports it under. */
type IconName = keyof typeof icons

interface SectionDeclaration {
  /** The section's name: its label in the menu and its list's heading. */
  title: string
  /** Where the menu links to: the section's list or its one screen. */
  path: string
  /** The least role that opens the section; the menu and dashboard show it to that role and above. */
  leastRole: Role
  /**
   * How the menu shows it, and the dashboard's card unless `menuOnly`; a section without one is
   * reached from another (Search and Sharing, from Settings).
   */
  menu?: { icon: IconName; description: string; menuOnly?: true; countsUnread?: true }
  /**
   * The table of the records its editor writes through the kit's versioned save, the column of a
   * record's image, and the columns that name a record in the activity log (joined by an arrow).
   */
  records?: { table: string; imageColumn: string | null; nameColumns: readonly string[] }
  /** The words of its list and editor, for a section built on the editor kit. */
  words?: RecordWords
  routes: readonly SectionRoute[]
}

/**
 * In the menu's order. A section built on the editor kit is keyed by the public content it changes,
 * which tells the page cache what to forget.
 */
const SECTIONS = {
  dashboard: {
    title: 'Dashboard',
    path: '/admin',
    leastRole: 'author',
    menu: { icon: 'LayoutDashboard', description: 'Leads waiting for an answer, posts in review and those scheduled.', menuOnly: true },
    routes: [screen('', 'routes/admin/dashboard.tsx')],
  },
  posts: {
    title: 'Blog Posts',
    path: '/admin/blog',
    leastRole: 'author',
    menu: { icon: 'FileText', description: 'Write, publish and unpublish articles.' },
    records: { table: 'blog_posts', imageColumn: 'featured_image', nameColumns: ['title'] },
    words: {
      record: 'post',
      back: 'Back to Blog Posts',
      records: 'posts',
      createTitle: 'New Post',
      editTitle: 'Edit Post',
      submit: 'Save Post',
      rowTestId: 'post-row',
      empty: { title: 'No posts yet', description: 'Write your first article to start filling the blog.' },
      deleteQuestion: 'Are you sure you want to delete this post?',
      messages: {
        listFailed: 'Error loading blog posts',
        loadFailed: 'Failed to load post',
        created: 'Post created successfully',
        updated: 'Post updated successfully',
        createFailed: 'Failed to create post',
        updateFailed: 'Failed to update post',
        deleted: 'Post deleted successfully',
        deleteFailed: 'Error deleting post',
      },
    },
    routes: [
      // One editor for both: create mode at /new (and for the id 'new'), edit mode otherwise.
      ...listAndEditor('blog', 'routes/admin/blog.tsx', 'routes/admin/post-editor.tsx', 'post'),
      // A post's revisions: compare any two, restore one (which could bring back a published version).
      screen('blog/history/:id', 'routes/admin/history.tsx', { id: 'post-history', leastRole: 'editor' }),
      // The editor's live preview: markdown in, the public page's HTML out.
      endpoint('blog/preview', 'routes/admin/post-preview.ts'),
    ],
  },
  // The blog's tags across every post: renamed or merged in one go, their old pages sent on to the new.
  tags: {
    title: 'Tags',
    path: '/admin/tags',
    leastRole: 'editor',
    menu: { icon: 'Tags', description: 'Rename and merge the tags of blog posts.', menuOnly: true },
    routes: [screen('tags', 'routes/admin/tags.tsx')],
  },
  authors: {
    title: 'Authors',
    path: '/admin/authors',
    leastRole: 'editor',
    menu: { icon: 'PenLine', description: 'The people credited on blog posts.' },
    records: { table: 'authors', imageColumn: 'avatar_url', nameColumns: ['name'] },
    words: {
      record: 'author',
      back: 'Back to Authors',
      records: 'authors',
      createTitle: 'New Author',
      editTitle: 'Edit Author',
      card: 'Author Information',
      submit: 'Save Author',
      rowTestId: 'author-row',
      empty: { title: 'No authors yet', description: 'Add an author so your posts can be credited to someone.' },
      deleteQuestion: 'Are you sure you want to delete this author?',
      messages: {
        listFailed: 'Failed to load authors',
        loadFailed: 'Failed to load author',
        created: 'Author created successfully',
        updated: 'Author updated successfully',
        createFailed: 'Failed to create author',
        updateFailed: 'Failed to update author',
        deleted: 'Author deleted successfully',
        deleteFailed: 'Failed to delete author',
        deleteUnreadable: 'Failed to process author deletion',
      },
    },
    routes: listAndEditor('authors', 'routes/admin/authors.tsx', 'routes/admin/author-editor.tsx', 'author'),
  },
  'case-studies': {
    title: 'Case Studies',
    path: '/admin/case-studies',
    leastRole: 'editor',
    menu: { icon: 'Briefcase', description: 'Client stories shown on the site.' },
    records: { table: 'case_studies', imageColumn: 'image', nameColumns: ['title'] },
    words: {
      record: 'case study',
      back: 'Back to Case Studies',
      records: 'case studies',
      createTitle: 'New Case Study',
      editTitle: 'Edit Case Study',
      submit: 'Save Case Study',
      rowTestId: 'case-study-row',
      empty: { title: 'No case studies yet', description: 'Add a client story to show it on the Case Studies page.' },
      deleteQuestion: 'Are you sure you want to delete this case study?',
      messages: {
        listFailed: 'Failed to load case studies',
        loadFailed: 'Failed to load case study',
        created: 'Case study created successfully',
        updated: 'Case study updated successfully',
        createFailed: 'Failed to create case study',
        updateFailed: 'Failed to update case study',
        deleted: 'Case study deleted successfully',
        deleteFailed: 'Failed to delete case study',
      },
    },
    routes: [
      ...listAndEditor('case-studies', 'routes/admin/case-studies.tsx', 'routes/admin/case-study-editor.tsx', 'case-study'),
      screen('case-studies/history/:id', 'routes/admin/history.tsx', { id: 'case-study-history' }),
    ],
  },
  // The site's pages, built from blocks: the marketing pages, the industries' pages and any page an owner adds.
  pages: {
    title: 'Pages',
    path: '/admin/pages',
    leastRole: 'editor',
    menu: {
      icon: 'PanelsTopLeft',
      description: 'Every page of the site, built from blocks: words, order, preview and schedule.',
      menuOnly: true,
    },
    records: { table: 'pages', imageColumn: null, nameColumns: ['name'] },
    words: {
      record: 'page',
      back: 'Back to Pages',
      records: 'pages',
      createTitle: 'New Page',
      editTitle: 'Edit Page',
      submit: 'Save Draft',
      rowTestId: 'page-row',
      empty: { title: 'No pages yet', description: 'Add a page to start building the site.' },
      deleteQuestion: 'Are you sure you want to delete this page?',
      messages: {
        listFailed: 'Failed to load pages',
        loadFailed: 'Failed to load page',
        created: 'Page created successfully',
        updated: 'Page saved successfully',
        createFailed: 'Failed to create page',
        updateFailed: 'Failed to save page',
        deleted: 'Page deleted successfully',
        deleteFailed: 'Failed to delete page',
      },
    },
    routes: [
      ...listAndEditor('pages', 'routes/admin/pages.tsx', 'routes/admin/page-editor.tsx', 'page'),
      screen('pages/history/:id', 'routes/admin/history.tsx', { id: 'page-history' }),
      // The editor's preview: the draft rendered as the public page, in the site's frame, inside the editor.
      siteFrame('pages/preview/:id', 'routes/admin/page-preview.tsx'),
    ],
  },
  // Things the site names in several places, each edited once (app/lib/collections.ts).
  collections: {
    title: 'Collections',
    path: '/admin/collections',
    leastRole: 'editor',
    menu: {
      icon: 'Library',
      description: 'Services, industries, questions, partners and locations, each shown wherever the site lists it.',
      menuOnly: true,
    },
    routes: [
      screen('collections', 'routes/admin/collections.tsx'),
      screen('collections/:collection', 'routes/admin/collection.tsx'),
      screen('collections/:collection/new', 'routes/admin/collection-item.tsx', { id: 'collection-item-new' }),
      screen('collections/:collection/edit/:id', 'routes/admin/collection-item.tsx', { id: 'collection-item-edit' }),
    ],
  },
  navigation: {
    title: 'Navigation',
    path: '/admin/navigation',
    leastRole: 'editor',
    menu: { icon: 'Menu', description: 'The header’s menus and the footer’s links.', menuOnly: true },
    routes: [screen('navigation', 'routes/admin/navigation.tsx')],
  },
  team: {
    title: 'Team Members',
    path: '/admin/team',
    leastRole: 'editor',
    menu: { icon: 'Users', description: 'Who appears on the About page.' },
    records: { table: 'team_members', imageColumn: 'avatar_url', nameColumns: ['name'] },
    words: {
      record: 'team member',
      back: 'Back to Team Members',
      records: 'team members',
      createTitle: 'Add Team Member',
      editTitle: 'Edit Team Member',
      card: 'Team Member Information',
      submit: 'Save Team Member',
      rowTestId: 'team-member-row',
      empty: {
        title: 'No team members yet',
        description: 'Add the people behind the company. Until you do, the About page shows a sample team.',
      },
      deleteQuestion: 'Are you sure you want to delete this team member?',
      messages: {
        listFailed: 'Failed to load team members',
        loadFailed: 'Failed to load team member data',
        created: 'Team member created successfully',
        updated: 'Team member updated successfully',
        createFailed: 'Failed to create team member',
        updateFailed: 'Failed to update team member',
        deleted: 'Team member deleted successfully',
        deleteFailed: 'Failed to delete team member',
      },
    },
    routes: listAndEditor('team', 'routes/admin/team.tsx', 'routes/admin/team-member-editor.tsx', 'team-member'),
  },
  testimonials: {
    title: 'Testimonials',
    path: '/admin/testimonials',
    leastRole: 'editor',
    menu: { icon: 'Quote', description: 'What clients say, on the home and About pages.', menuOnly: true },
    records: { table: 'testimonials', imageColumn: null, nameColumns: ['name'] },
    words: {
      record: 'testimonial',
      back: 'Back to Testimonials',
      records: 'testimonials',
      createTitle: 'New Testimonial',
      editTitle: 'Edit Testimonial',
      card: 'Testimonial',
      submit: 'Save Testimonial',
      rowTestId: 'testimonial-row',
      empty: { title: 'No testimonials yet', description: 'Add what clients say about you, and choose the pages that show it.' },
      deleteQuestion: 'Are you sure you want to delete this testimonial?',
      messages: {
        listFailed: 'Failed to load testimonials',
        loadFailed: 'Failed to load testimonial',
        created: 'Testimonial created successfully',
        updated: 'Testimonial updated successfully',
        createFailed: 'Failed to create testimonial',
        updateFailed: 'Failed to update testimonial',
        deleted: 'Testimonial deleted successfully',
        deleteFailed: 'Failed to delete testimonial',
      },
    },
    routes: listAndEditor('testimonials', 'routes/admin/testimonials.tsx', 'routes/admin/testimonial-editor.tsx', 'testimonial'),
  },
  redirects: {
    title: 'Redirects',
    path: '/admin/redirects',
    leastRole: 'editor',
    menu: { icon: 'ArrowRightLeft', description: 'Old addresses sent on to where their pages live now.', menuOnly: true },
    records: { table: 'redirects', imageColumn: null, nameColumns: ['from_path', 'to_target'] },
    words: {
      record: 'redirect',
      back: 'Back to Redirects',
      records: 'redirects',
      createTitle: 'New Redirect',
      editTitle: 'Edit Redirect',
      card: 'Redirect',
      submit: 'Save Redirect',
      rowTestId: 'redirect-row',
      empty: {
        title: 'No redirects yet',
        description:
          'When a post or case study moves, its old address is sent on here automatically. Add your own for pages that moved elsewhere.',
      },
      deleteQuestion: 'Are you sure you want to delete this redirect?',
      messages: {
        listFailed: 'Failed to load redirects',
        loadFailed: 'Failed to load redirect',
        created: 'Redirect created successfully',
        updated: 'Redirect updated successfully',
        createFailed: 'Failed to create redirect',
        updateFailed: 'Failed to update redirect',
        deleted: 'Redirect deleted successfully',
        deleteFailed: 'Failed to delete redirect',
      },
    },
    routes: listAndEditor('redirects', 'routes/admin/redirects.tsx', 'routes/admin/redirect-editor.tsx', 'redirect'),
  },
  // The public addresses visitors asked for and did not find, each a redirect away from mended.
  'not-found': {
    title: 'Not Found',
    path: '/admin/not-found',
    leastRole: 'editor',
    menu: { icon: 'FileQuestionMark', description: 'Addresses visitors asked for that do not exist.', menuOnly: true },
    routes: [screen('not-found', 'routes/admin/not-found-paths.tsx')],
  },
  // Every uploaded image: alt text and where it is used; uploaded with their records, or here on their own.
  media: {
    title: 'Media Library',
    path: '/admin/media',
    leastRole: 'editor',
    menu: { icon: 'Images', description: 'Every uploaded image, its alt text and where it is used.', menuOnly: true },
    words: {
      record: 'image',
      back: 'Back to Media Library',
      records: 'images',
      createTitle: 'Upload Image',
      editTitle: 'Edit Image',
      card: 'Image Details',
      submit: 'Save Image',
      rowTestId: 'media-row',
      empty: {
        title: 'No images yet',
        description: 'Upload an image here, or add one to a post, case study, author or team member, and it appears here.',
      },
      deleteQuestion: 'Are you sure you want to delete this image?',
      messages: {
        listFailed: 'Failed to load the media library',
        loadFailed: 'Failed to load image',
        created: 'Image uploaded successfully',
        updated: 'Image details updated successfully',
        createFailed: 'Failed to upload image',
        updateFailed: 'Failed to update image details',
        deleted: 'Image deleted successfully',
        deleteFailed: 'Failed to delete image',
      },
    },
    routes: [
      screen('media', 'routes/admin/media.tsx'),
      screen('media/new', 'routes/admin/media-upload.tsx'),
      screen('media/edit/:id', 'routes/admin/media-editor.tsx', { id: 'media-edit' }),
      // The post editor's image upload (an image in the text): Authors write posts, so it is theirs too.
      { ...endpoint('media/upload', 'routes/admin/media-upload-endpoint.ts'), leastRole: 'author' },
    ],
  },
  inbox: {
    title: 'Inbox',
    path: '/admin/inbox',
    leastRole: 'editor',
    menu: { icon: 'Inbox', description: 'Contact messages and playbook requests.', countsUnread: true },
    routes: [
      screen('inbox', 'routes/admin/inbox.tsx'),
      screen('inbox/:id', 'routes/admin/inbox-message.tsx'),
      endpoint('inbox/export.csv', 'routes/admin/inbox-export.ts'),
    ],
  },
  insights: {
    title: 'Insights',
    path: '/admin/insights',
    leastRole: 'editor',
    menu: { icon: 'ChartColumn', description: 'Which pages, posts and campaigns bring leads.', menuOnly: true },
    routes: [screen('insights', 'routes/admin/insights.tsx')],
  },
  activity: {
    title: 'Activity',
    path: '/admin/activity',
    leastRole: 'owner',
    menu: { icon: 'RotateCcwClock', description: 'Who changed what, and who signed in, over the last year.', menuOnly: true },
    routes: [screen('activity', 'routes/admin/activity.tsx')],
  },
  // Who may sign in: admins, their roles, and invitations.
  people: {
    title: 'People',
    path: '/admin/people',
    leastRole: 'owner',
    menu: { icon: 'UserCog', description: 'Who can sign in here, their roles and invitations.', menuOnly: true },
    routes: [screen('people', 'routes/admin/people.tsx')],
  },
  // How the site itself is doing: its build, database, instances, notifications waiting, backups and errors.
  system: {
    title: 'System',
    path: '/admin/system',
    leastRole: 'owner',
    menu: { icon: 'Server', description: 'Version, database, running instances, backups and recent errors.', menuOnly: true },
    routes: [screen('system', 'routes/admin/system.tsx')],
  },
  notifications: {
    title: 'Notifications',
    path: '/admin/notifications',
    leastRole: 'editor',
    menu: { icon: 'BellRing', description: 'How new leads reach you, and any that failed.', menuOnly: true },
    routes: [screen('notifications', 'routes/admin/notifications.tsx')],
  },
  // Deleted records of six sections, each kept 30 days to be restored (server/services/trash.server.ts).
  trash: {
    title: 'Trash',
    path: '/admin/trash',
    leastRole: 'editor',
    menu: { icon: 'Trash', description: 'Deleted items, kept for 30 days.', menuOnly: true },
    routes: [screen('trash', 'routes/admin/trash.tsx')],
  },
  // Every admin's Account tab; the Site Settings tab is an Owner's, kept so by the screen's loader and action.
  settings: {
    title: 'Settings',
    path: '/admin/settings',
    leastRole: 'author',
    menu: { icon: 'Settings', description: 'Your account and the site’s contact details.' },
    routes: [
      screen('settings', 'routes/admin/settings.tsx'),
      // The admin's own two-factor sign-in: its forms post here, and without JavaScript their answers show here.
      screen('account/two-factor', 'routes/admin/account-two-factor.tsx'),
      // The Account tab's list of sessions: end one, or all but this one.
      endpoint('account/sessions', 'routes/admin/account-sessions.ts'),
    ],
  },
  // The search and share fields of the pages that list records (the blog, the case studies); pages built
  // from blocks carry theirs in their editor.
  'search-and-sharing': {
    title: 'Search and Sharing',
    path: '/admin/settings/pages',
    leastRole: 'owner',
    words: {
      record: 'page',
      back: 'Back to Search and Sharing',
      records: 'pages',
      createTitle: 'Search and Sharing',
      editTitle: 'Edit Search and Sharing',
      submit: 'Save',
      rowTestId: 'page-row',
      empty: { title: 'No pages', description: 'The marketing pages appear here.' },
      deleteQuestion: '',
      messages: {
        listFailed: 'Failed to load pages',
        loadFailed: 'Failed to load page',
        created: 'Search and sharing saved',
        updated: 'Search and sharing saved',
        createFailed: 'Failed to save search and sharing',
        updateFailed: 'Failed to save search and sharing',
        deleted: '',
        deleteFailed: '',
      },
    },
    routes: [
      screen('settings/pages', 'routes/admin/search-and-sharing.tsx'),
      screen('settings/pages/edit/:id', 'routes/admin/search-and-sharing-editor.tsx'),
    ],
  },
} as const satisfies Record<string, SectionDeclaration>

type Sections = typeof SECTIONS
export type SectionName = keyof Sections

/** The declared sections, in the menu's order. */
export const adminSections = (): (SectionDeclaration & { name: SectionName })[] =>
  Object.entries(SECTIONS).map(([name, section]) => ({ ...section, name: name as SectionName }))

/** Every route of every section, each with the least role that opens it. */
export const sectionRoutes = (): (SectionRoute & { leastRole: Role })[] =>
  adminSections().flatMap((section) => section.routes.map((route) => ({ leastRole: section.leastRole, ...route })))

/** The icons the menu draws, by lucide's names: the menu holds exactly these. */
export type SectionIconName = Extract<Sections[SectionName], { menu: object }>['menu']['icon']

/** The tables the editor kit's versioned save writes, by name. */
export type RecordTable = Extract<Sections[SectionName], { records: object }>['records']['table']

/** The editor kit's tables, each with its image column and the columns that name a record. */
export const recordTables = () => {
  const tables = adminSections().flatMap(({ records }) => (records ? [[records.table, records] as const] : []))
  return Object.fromEntries(tables) as Record<RecordTable, NonNullable<SectionDeclaration['records']>>
}

/** A section built on the editor kit: one whose records the site shows. */
export type RecordSectionName = { [Name in SectionName]: Sections[Name] extends { words: object } ? Name : never }[SectionName]

/** Content edited outside the record sections: the collections' items and the menus. */
export type SiteContent = 'collections' | 'navigation'

/** Public content a save can change: a record section's records, the collections, the menus, or the site settings. */
export type PublicContent = RecordSectionName | SiteContent | 'site-settings'

const isRecordSection = (name: string): name is RecordSectionName =>
  Object.hasOwn(SECTIONS, name) && 'words' in SECTIONS[name as SectionName]

/** True for a name of public content (one read from another instance's message). */
export const isPublicContent = (name: string | undefined): name is PublicContent =>
  name === 'site-settings' || name === 'collections' || name === 'navigation' || (name !== undefined && isRecordSection(name))

/** What the list, the editor and the server kit of a record section read: its words, name, address and the content it changes. */
export type RecordSection = RecordWords & { title: string; path: string; content: RecordSectionName }

export const adminSection = (name: RecordSectionName): RecordSection => {
  const { title, path, words } = SECTIONS[name]
  return { ...words, title, path, content: name }
}
