import { ACCENTS, ICON_NAMES } from './blocks/palette'
import { type DataOf, type Fields, checkbox, fieldsSchema, image, link, list, select, text } from './blocks/fields'
import { z } from './zod'

/*
 * Things the site names in more than one place, each edited once under Collections and shown by the
 * blocks and menus that refer to it: rename a service and every page and menu that lists the services
 * says the new name. An item's fields use the blocks' field kinds, so its form and checks are built the
 * same way.
 */

export interface CollectionDefinition {
  label: string
  /** One item, in messages: 'service'. */
  item: string
  description: string
  /** The field that names an item in lists, menus and the activity log. */
  nameField: string
  /** A field whose value must differ between items (an address's last part). */
  uniqueField?: string
  fields: Fields
}

const options = <const V extends string>(values: readonly V[]) => values.map((value) => ({ value, label: value }))
const slug = (label: string, help: string) => text(label, { required: true, max: 60, help })

export const COLLECTIONS = {
  services: {
    label: 'Services',
    item: 'service',
    description: 'The kinds of work you offer: the Solutions page, the header’s Solutions menu and the footer list them.',
    nameField: 'name',
    uniqueField: 'anchor',
    fields: {
      name: text('Name', { required: true, max: 80 }),
      anchor: slug('Anchor', 'Its band on the Solutions page, for links such as /solutions#ai-automations.'),
      summary: text('Summary', { required: true, multiline: true, max: 600 }),
      icon: select('Icon', options(ICON_NAMES)),
      color: select('Colour', options(ACCENTS)),
      points: list('What the owner gets', 'point', { text: text('Point', { required: true, max: 300 }) }, { min: 0, max: 8 }),
      example: text('Example', { multiline: true, max: 600 }),
    },
  },
  industries: {
    label: 'Industries',
    item: 'industry',
    description: 'The trades you serve with a page of their own: the Industries page and the header’s menu list them.',
    nameField: 'name',
    uniqueField: 'slug',
    fields: {
      name: text('Name', { required: true, max: 80 }),
      slug: slug('Address', 'The last part of its page’s address: /industries/hvac.'),
      summary: text('Summary', { required: true, multiline: true, max: 300 }),
      picture: image('Picture', { required: true }),
    },
  },
  faq: {
    label: 'FAQ',
    item: 'question',
    description: 'Questions and answers, shown by FAQ blocks in this order.',
    nameField: 'question',
    fields: {
      question: text('Question', { required: true, max: 200 }),
      answer: text('Answer', { required: true, multiline: true, max: 2_000 }),
    },
  },
  partners: {
    label: 'Partners',
    item: 'partner',
    description: 'The tools you build with, on the Partners page and the About page.',
    nameField: 'name',
    fields: {
      name: text('Name', { required: true, max: 80 }),
      category: select('Category', options(['AI Automations', 'AI Agents', 'Infrastructure Modernization'] as const)),
      description: text('Description', { required: true, multiline: true, max: 400 }),
      logo: link('Logo', { required: true, help: 'The address of the partner’s mark, such as /partners/zapier.svg.' }),
      featured: checkbox('Featured', 'Shown in compact rows of logos, such as the About page’s “Tools we trust”.'),
    },
  },
  locations: {
    label: 'Locations',
    item: 'location',
    description: 'Where your teams are: the About and Contact pages list them.',
    nameField: 'city',
    fields: {
      city: text('City', { required: true, max: 80 }),
      state: text('State', { required: true, max: 40 }),
      details: text('Street address', {
        multiline: true,
        max: 300,
        help: 'Leave it empty while the office has none to give: the site then shows the city and the area served, never “(Contact for office details)”.',
      }),
      area: text('Area served', { max: 160, help: 'Shown under the city when there is no street address, e.g. “Serving Metro Atlanta”.' }),
    },
  },
} as const satisfies Record<string, CollectionDefinition>

export type CollectionName = keyof typeof COLLECTIONS
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[]
export const isCollectionName = (name: string): name is CollectionName => Object.hasOwn(COLLECTIONS, name)

/** An item of a collection, checked. */
export type CollectionItem<C extends CollectionName> = DataOf<(typeof COLLECTIONS)[C]['fields']>

/** A stored item: its id and place, and its fields. */
export interface StoredItem<C extends CollectionName> {
  id: string
  position: number
  data: CollectionItem<C>
  version: string
}

/** The schema of one collection's items (the editor and the server check an item with it). */
export const itemSchema = <C extends CollectionName>(collection: C) =>
  fieldsSchema(COLLECTIONS[collection].fields) as unknown as z.ZodType<CollectionItem<C>>

/** Lowercase letters, digits and dashes: an anchor or an address's last part. */
export const slugProblem = (value: string) =>
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) ? null : 'Use lowercase letters, digits and single dashes only (such as lawn-care)'
