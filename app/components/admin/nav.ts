import { ArrowRightLeft, BellRing, Briefcase, ChartColumn, FileQuestion, FileText, History, Images, Inbox, LayoutDashboard, type LucideIcon, PenLine, Quote, Settings, UserCog, Users } from 'lucide-react'
import { mayOpen, type Role } from '~/lib/admin-access'

export interface AdminSection {
  label: string
  to: string
  description: string
  icon: LucideIcon
  /** Shows how many inquiries are unread next to the label. */
  countsUnread?: true
  /** In the section menu only: the dashboard keeps the cards the spec names. */
  menuOnly?: true
}

/** The areas of the back office: the section menu lists them all, the dashboard all but the menu-only ones. */
const areas: AdminSection[] = [
  { label: 'Blog Posts', to: '/admin/blog', description: 'Write, publish and unpublish articles.', icon: FileText },
  { label: 'Authors', to: '/admin/authors', description: 'The people credited on blog posts.', icon: PenLine },
  { label: 'Case Studies', to: '/admin/case-studies', description: 'Client stories shown on the site.', icon: Briefcase },
  { label: 'Team Members', to: '/admin/team', description: 'Who appears on the About page.', icon: Users },
  { label: 'Testimonials', to: '/admin/testimonials', description: 'What clients say, on the home and About pages.', icon: Quote, menuOnly: true },
  { label: 'Redirects', to: '/admin/redirects', description: 'Old addresses sent on to where their pages live now.', icon: ArrowRightLeft, menuOnly: true },
  { label: 'Not Found', to: '/admin/not-found', description: 'Addresses visitors asked for that do not exist.', icon: FileQuestion, menuOnly: true },
  { label: 'Media Library', to: '/admin/media', description: 'Every uploaded image, its alt text and where it is used.', icon: Images, menuOnly: true },
  { label: 'Inbox', to: '/admin/inbox', description: 'Contact messages and playbook requests.', icon: Inbox, countsUnread: true },
  { label: 'Insights', to: '/admin/insights', description: 'Which pages, posts and campaigns bring leads.', icon: ChartColumn, menuOnly: true },
  { label: 'Activity', to: '/admin/activity', description: 'Who changed what, and who signed in, over the last year.', icon: History, menuOnly: true },
  { label: 'People', to: '/admin/people', description: 'Who can sign in here, their roles and invitations.', icon: UserCog, menuOnly: true },
  { label: 'Notifications', to: '/admin/notifications', description: 'How new leads reach you, and any that failed.', icon: BellRing, menuOnly: true },
  { label: 'Settings', to: '/admin/settings', description: 'Your account and the site’s contact details.', icon: Settings },
]

/** The dashboard's cards that the role may open. */
export function adminSectionsFor(role: Role): AdminSection[] {
  return areas.filter((area) => !area.menuOnly && mayOpen(role, area.to))
}

export interface AdminNavItem extends Omit<AdminSection, 'description'> {
  /** Current only on its own path, not on the paths below it (the dashboard is the parent of all). */
  end?: true
}

/** The admin shell's section menu: the dashboard, then every area the role may open. */
export function adminNavItemsFor(role: Role): AdminNavItem[] {
  return [{ label: 'Dashboard', to: '/admin', icon: LayoutDashboard, end: true }, ...areas.filter((area) => mayOpen(role, area.to))]
}
