import { type DataOf, fieldsSchema, link, list, select, text } from './blocks/fields'
import { z } from './zod'

/*
 * The header's menus and the footer's link columns, edited under Navigation. A column either lists
 * its own links or starts with a collection's (the services, the industries), so a renamed service
 * is renamed in the menus too. Links get the same checks as a block's: a site path, a band of a page
 * or an https:// address.
 */

const column = {
  title: text('Title', { required: true, max: 60 }),
  source: select('Lists', [
    { value: 'links', label: 'Only the links below' },
    { value: 'services', label: 'The services, then the links below' },
    { value: 'industries', label: 'The industries, then the links below' },
  ] as const),
  links: list(
    'Links',
    'link',
    { title: text('Label', { required: true, max: 60 }), href: link('Address', { required: true }) },
    { min: 0, max: 12, namedBy: 'title' },
  ),
}

export const NAVIGATION_FIELDS = {
  menus: list(
    'Header menus',
    'menu',
    {
      label: text('Label', { required: true, max: 40 }),
      path: link('Address', { required: true }),
      sections: list('Dropdown columns', 'column', column, {
        min: 0,
        max: 3,
        help: 'Leave empty for a plain link.',
        namedBy: 'title',
      }),
    },
    { min: 1, max: 7, namedBy: 'label' },
  ),
  footer: list('Footer columns', 'column', column, { min: 1, max: 5, namedBy: 'title' }),
} as const

export type NavigationSettings = DataOf<typeof NAVIGATION_FIELDS>

export const navigationSchema = fieldsSchema(NAVIGATION_FIELDS) as unknown as z.ZodType<NavigationSettings>

/** A link of a menu or column as the header and footer draw it. */
export interface NavLink {
  title: string
  href: string
}

/** A header menu as the header draws it: its columns' links resolved. */
export interface NavMenu {
  label: string
  path: string
  sections: { title: string; items: NavLink[] }[]
}

/** What the site's frame shows: the header's menus and the footer's columns. */
export interface SiteNavigation {
  menus: NavMenu[]
  footer: { title: string; links: NavLink[] }[]
}
