import { existsSync } from 'node:fs'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { expect, it } from 'vitest'
import { adminNavItemsFor, dashboardCardsFor } from '~/components/admin/nav'
import { atLeast, mayOpen, roleNeededFor, roles } from '~/lib/admin-access'
import { adminSection, adminSections, isPublicContent, recordTables, sectionRoutes } from '~/lib/admin-sections'
import routes from '~/routes'
import { describeEachDatabase } from '../support/databases'

/*
 * The recipe of decision 63 holds: a section declared in app/lib/admin-sections.ts, with its migration
 * and route modules, is all the back office needs. Each check walks every declared section, so a new
 * one is checked without touching this file.
 */

const sections = adminSections()

/** The routes of app/routes.ts as `path module id`, and whether each is drawn in the admin's frame. */
function placedRoutes(entries: RouteConfigEntry[], parent = '', framed = false): { key: string; framed: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join('/')
    const inFrame = framed || entry.file === 'routes/admin/layout.tsx'
    const own = entry.path !== undefined || entry.index ? [{ key: `${path} ${entry.file} ${entry.id ?? ''}`, framed }] : []
    return [...own, ...placedRoutes(entry.children ?? [], path, inFrame)]
  })
}

const placed = placedRoutes(routes)

describeEachDatabase('each section’s table', (get) => {
  it('exists in the migrated schema, with its image column and the columns that name a record', async () => {
    const tables = new Map(
      (await get().db.introspection.getTables()).map((table) => [table.name, table.columns.map((column) => column.name)]),
    )
    const declared = Object.values(recordTables())
    expect(declared.length).toBeGreaterThan(0)
    for (const { table, imageColumn, nameColumns } of declared) {
      expect(tables.get(table), table).toBeDefined()
      const columns = tables.get(table)!
      expect(columns, table).toEqual(expect.arrayContaining([...nameColumns, 'id', 'updated_at']))
      if (imageColumn) expect(columns, table).toContain(imageColumn)
    }
  })
})

it('places every route module a section names in app/routes.ts, under /admin, screens in the admin’s frame', () => {
  // A preview is drawn in the public site's frame instead (checked below).
  for (const route of sectionRoutes().filter((candidate) => !candidate.siteFrame)) {
    expect(existsSync(`app/${route.module}`), route.module).toBe(true)
    const key = `${['admin', route.path].filter(Boolean).join('/')} ${route.module} ${route.id ?? ''}`
    expect(
      placed.filter((entry) => entry.key === key),
      key,
    ).toEqual([{ key, framed: !route.endpoint }])
  }
})

it('places a section’s previews under the public site’s layout, at their /admin address', () => {
  const layout = routes.find((entry) => entry.file === 'routes/site/layout.tsx')!
  for (const route of sectionRoutes().filter((candidate) => candidate.siteFrame)) {
    expect(layout.children?.some((entry) => entry.path === `admin/${route.path}` && entry.file === route.module)).toBe(true)
  }
})

it('opens a record section’s editor where the editor kit links to it', () => {
  for (const { name, path, words, routes: declared } of sections) {
    if (!words) continue
    const section = adminSection(name as Parameters<typeof adminSection>[0])
    expect(section.path).toBe(path)
    expect(isPublicContent(name), name).toBe(true)
    expect(declared.map((route) => `/admin/${route.path}`)).toEqual(expect.arrayContaining([path, `${path}/edit/:id`]))
  }
  expect(isPublicContent('inbox')).toBe(false)
})

it('lists every section with a menu entry in the menu, and all but the menu-only ones on the dashboard', () => {
  const inMenu = sections.filter((section) => section.menu)
  expect(adminNavItemsFor('owner').map((item) => [item.label, item.to])).toEqual(inMenu.map((section) => [section.title, section.path]))
  expect(dashboardCardsFor('owner').map((card) => card.to)).toEqual(
    inMenu.filter((section) => !section.menu!.menuOnly).map((section) => section.path),
  )
  for (const item of adminNavItemsFor('owner')) expect(item.icon, item.label).toBeTruthy()
  // Reached from Settings, not from the menu.
  expect(adminNavItemsFor('owner').map((item) => item.to)).not.toContain('/admin/settings/pages')
})

it('shows each role the sections its role opens, and the access table refuses it the others', () => {
  for (const role of roles) {
    const opens = sections.filter((section) => section.menu && atLeast(role, section.leastRole)).map((section) => section.path)
    expect(
      adminNavItemsFor(role).map((item) => item.to),
      role,
    ).toEqual(opens)
    for (const route of sectionRoutes()) {
      const pattern = ['admin', route.path].filter(Boolean).join('/')
      expect(roleNeededFor(pattern), pattern).toBe(route.leastRole)
      expect(mayOpen(role, pattern), `${role} ${pattern}`).toBe(atLeast(role, route.leastRole))
    }
  }
  // For instance: an Author is refused the Authors section, an Editor's, and People, an Owner's.
  expect(mayOpen('author', 'admin/authors/edit/:id')).toBe(false)
  expect(mayOpen('editor', 'admin/authors/edit/:id')).toBe(true)
  expect(mayOpen('editor', 'admin/people')).toBe(false)
  expect(mayOpen('author', 'admin/blog/history/:id')).toBe(false)
})
