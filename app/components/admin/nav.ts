import { Briefcase, FileText, Inbox, type LucideIcon, PenLine, Settings, Users } from 'lucide-react'

export interface AdminSection {
  label: string
  to: string
  description: string
  icon: LucideIcon
  /** Shows how many inquiries are unread next to the label. */
  countsUnread?: true
}

/** The areas of the back office: the sidebar and the dashboard cards both list these. */
export const adminSections: AdminSection[] = [
  { label: 'Blog Posts', to: '/admin/blog', description: 'Write, publish and unpublish articles.', icon: FileText },
  { label: 'Authors', to: '/admin/authors', description: 'The people credited on blog posts.', icon: PenLine },
  { label: 'Case Studies', to: '/admin/case-studies', description: 'Client stories shown on the site.', icon: Briefcase },
  { label: 'Team Members', to: '/admin/team', description: 'Who appears on the About page.', icon: Users },
  { label: 'Inbox', to: '/admin/inbox', description: 'Contact messages and playbook requests.', icon: Inbox, countsUnread: true },
  { label: 'Settings', to: '/admin/settings', description: 'Your account and the site’s contact details.', icon: Settings },
]
