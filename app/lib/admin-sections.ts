/**
 * The back-office sections that have a list and an editor, with the words and addresses of their
 * screens. The list, the editor and the server's save and delete of a section all read them here,
 * so a section's title, toasts and paths are written once. Each key is also the public content the
 * section changes, which tells the page cache what to forget.
 */
const SECTIONS = {
  posts: {
    record: 'post',
    records: 'posts',
    path: '/admin/blog',
    title: 'Blog Posts',
    back: 'Back to Blog Posts',
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
  authors: {
    record: 'author',
    records: 'authors',
    path: '/admin/authors',
    title: 'Authors',
    back: 'Back to Authors',
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
  team: {
    record: 'team member',
    records: 'team members',
    path: '/admin/team',
    title: 'Team Members',
    back: 'Back to Team Members',
    createTitle: 'Add Team Member',
    editTitle: 'Edit Team Member',
    card: 'Team Member Information',
    submit: 'Save Team Member',
    rowTestId: 'team-member-row',
    empty: { title: 'No team members yet', description: 'Add the people behind the company. Until you do, the About page shows a sample team.' },
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
  'case-studies': {
    record: 'case study',
    records: 'case studies',
    path: '/admin/case-studies',
    title: 'Case Studies',
    back: 'Back to Case Studies',
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
  redirects: {
    record: 'redirect',
    records: 'redirects',
    path: '/admin/redirects',
    title: 'Redirects',
    back: 'Back to Redirects',
    createTitle: 'New Redirect',
    editTitle: 'Edit Redirect',
    card: 'Redirect',
    submit: 'Save Redirect',
    rowTestId: 'redirect-row',
    empty: { title: 'No redirects yet', description: 'When a post or case study moves, its old address is sent on here automatically. Add your own for pages that moved elsewhere.' },
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
  testimonials: {
    record: 'testimonial',
    records: 'testimonials',
    path: '/admin/testimonials',
    title: 'Testimonials',
    back: 'Back to Testimonials',
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
  media: {
    record: 'image',
    records: 'images',
    path: '/admin/media',
    title: 'Media Library',
    back: 'Back to Media Library',
    createTitle: 'Upload Image',
    editTitle: 'Edit Image',
    card: 'Image Details',
    submit: 'Save Image',
    rowTestId: 'media-row',
    empty: { title: 'No images yet', description: 'Images you add to posts, case studies, authors and team members appear here.' },
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
  // The marketing pages' search and share fields (Settings): fixed pages, edited but never created or deleted.
  pages: {
    record: 'page',
    records: 'pages',
    path: '/admin/settings/pages',
    title: 'Search and Sharing',
    back: 'Back to Search and Sharing',
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
} satisfies Record<string, SectionWords>

interface SectionWords {
  /** The record's name in messages: 'team member', and more than one: 'team members'. */
  record: string
  records: string
  /** The list's address; its editor opens at `{path}/new` and `{path}/edit/{id}`. */
  path: string
  /** The list's heading, and the editor's way back to it. */
  title: string
  back: string
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
  messages: Record<'listFailed' | 'loadFailed' | 'created' | 'updated' | 'createFailed' | 'updateFailed' | 'deleted' | 'deleteFailed', string> & { deleteUnreadable?: string }
}

export type SectionName = keyof typeof SECTIONS

/** Public content a save can change: a section's records, or the site settings. */
export type PublicContent = SectionName | 'site-settings'

/** True for a name of public content (one read from another instance's message). */
export const isPublicContent = (name: string | undefined): name is PublicContent => name === 'site-settings' || (name !== undefined && Object.hasOwn(SECTIONS, name))

export type AdminSection = SectionWords & { content: SectionName }

export const adminSection = (name: SectionName): AdminSection => ({ ...SECTIONS[name], content: name })
