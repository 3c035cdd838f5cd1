/** Words with `{name}` gaps, filled in from `values`: content keeps its sentences whole, without code. */
export function fillIn(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (gap, name: string) => values[name] ?? gap)
}

/** A template of data with every string in it filled in, however deep: a page template's words, say. */
export function fillInEvery<T>(template: T, values: Record<string, string>): T {
  if (typeof template === 'string') return fillIn(template, values) as T
  if (Array.isArray(template)) return template.map((item: unknown) => fillInEvery(item, values)) as T
  if (template && typeof template === 'object')
    return Object.fromEntries(Object.entries(template).map(([key, item]) => [key, fillInEvery(item, values)])) as T
  return template
}
