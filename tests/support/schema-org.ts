import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/*
 * The schema.org vocabulary as the schema-dts package writes it (one TypeScript interface per type,
 * with its properties and the types it extends), read once so a test can check that structured data
 * names real types and only properties those types have.
 */

export interface Vocabulary {
  /** The properties of a type, its own and inherited; undefined for a name schema.org does not have. */
  propertiesOf(type: string): Set<string> | undefined
}

export function loadVocabulary(): Vocabulary {
  const file = createRequire(import.meta.url).resolve('schema-dts/dist/schema.d.ts')
  const source = readFileSync(file, 'utf8')
  const bases = new Map<string, { parents: string[]; properties: string[] }>()
  for (const [, name = '', parents = '', body = ''] of source.matchAll(/^(?:export )?interface (\w+) extends ([^{]+)\{([\s\S]*?)^\}/gm)) {
    bases.set(name, {
      parents: parents
        .split(',')
        .map((parent) => parent.trim())
        .filter((parent) => /^\w+$/.test(parent)),
      properties: [...body.matchAll(/^\s+"([^"@]+)"\??:/gm)].map((match) => match[1] ?? ''),
    })
  }
  const leafBase = new Map<string, string>()
  for (const [, base = '', type = ''] of source.matchAll(/^export interface \w+Leaf extends (\w+) \{\s*"@type": "([^"]+)";/gm))
    leafBase.set(type, base)

  const cache = new Map<string, Set<string>>()
  const collect = (interfaceName: string, into: Set<string>) => {
    const base = bases.get(interfaceName)
    if (!base) return
    for (const property of base.properties) into.add(property)
    for (const parent of base.parents) collect(parent, into)
  }
  return {
    propertiesOf(type) {
      const base = leafBase.get(type)
      if (!base) return undefined
      if (!cache.has(type)) {
        const properties = new Set<string>()
        collect(base, properties)
        cache.set(type, properties)
      }
      return cache.get(type)
    },
  }
}

/** Every way a JSON-LD document breaks the vocabulary: an unknown type, or a property its type does not have. */
export function structuredDataProblems(vocabulary: Vocabulary, node: unknown, where = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => structuredDataProblems(vocabulary, item, `${where}[${index}]`))
  if (node === null || typeof node !== 'object') return []
  const record = node as Record<string, unknown>
  const type = record['@type']
  const problems: string[] = []
  if (type !== undefined) {
    const properties = typeof type === 'string' ? vocabulary.propertiesOf(type) : undefined
    if (!properties) problems.push(`${where}: "${String(type)}" is not a schema.org type`)
    else {
      for (const key of Object.keys(record)) {
        if (!key.startsWith('@') && !properties.has(key)) problems.push(`${where}: ${type} has no property "${key}"`)
      }
    }
  } else {
    for (const key of Object.keys(record)) {
      if (!key.startsWith('@')) problems.push(`${where}: "${key}" sits on a node without a @type`)
    }
  }
  for (const [key, value] of Object.entries(record)) problems.push(...structuredDataProblems(vocabulary, value, `${where}.${key}`))
  return problems
}

/**
 * The structured data a page declares, each `@graph` opened up into its nodes. Typed `any` because
 * the tests walk it by the paths they assert on (`firm.location[0].name`), which is the check itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function structuredData(page: Page): Promise<Record<string, any>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as { '@graph'?: object[] }
    return data['@graph'] ?? [data]
  })
}
