import {
  ArrowRightLeft,
  BellRing,
  Briefcase,
  ChartColumn,
  FileQuestionMark,
  FileText,
  Images,
  Inbox,
  LayoutDashboard,
  Library,
  type LucideIcon,
  Menu,
  PanelsTopLeft,
  PenLine,
  Quote,
  RotateCcwClock,
  Server,
  Settings,
  Tags,
  Trash,
  UserCog,
  Users,
} from 'lucide-react'
import { atLeast, type Role } from '~/lib/admin-access'
import { adminSections, type SectionIconName } from '~/lib/admin-sections'

/** The icons the sections name (app/lib/admin-sections.ts): a section naming another fails the type check until it is added. */
const icons: Record<SectionIconName, LucideIcon> = {
  ArrowRightLeft,
  BellRing,
  Briefcase,
  ChartColumn,
  FileQuestionMark,
  FileText,
  Images,
  Inbox,
  LayoutDashboard,
  Library,
  Menu,
  PanelsTopLeft,
  PenLine,
  Quote,
  RotateCcwClock,
  Server,
  Settings,
  Tags,
  Trash,
  UserCog,
  Users,
}

/** One link of the admin shell's section menu. */
export interface AdminNavItem {
  label: string
  to: string
  icon: LucideIcon
  /** Shows how many inquiries are unread next to the label. */
  countsUnread?: true
  /** Current only on its own path, not on the paths below it (the dashboard is the parent of all). */
  end?: true
}

/** A card of the dashboard: a section's link, with what it is for. */
export interface DashboardCard extends AdminNavItem {
  description: string
}

/** The sections in the menu that the role opens, in the registry's order: each one's link, and what its card says. */
function menuSectionsFor(role: Role) {
  return adminSections().flatMap(({ title, path, leastRole, menu }) => {
    if (!menu || !atLeast(role, leastRole)) return []
    const { icon, description, menuOnly, countsUnread } = menu
    const item: AdminNavItem = { label: title, to: path, icon: icons[icon as SectionIconName], ...(countsUnread && { countsUnread }) }
    // The dashboard is the parent of every address: its link is current on its own path only.
    if (path === '/admin') item.end = true
    return [{ item, description, menuOnly }]
  })
}

/** The admin shell's section menu: every section with a menu entry that the role opens. */
export function adminNavItemsFor(role: Role): AdminNavItem[] {
  return menuSectionsFor(role).map(({ item }) => item)
}

/** The dashboard's cards that the role opens: the menu's sections but the menu-only ones. */
export function dashboardCardsFor(role: Role): DashboardCard[] {
  return menuSectionsFor(role)
    .filter(({ menuOnly }) => !menuOnly)
    .map(({ item, description }) => ({ ...item, description }))
}
