/** Words with `{name}` gaps, filled in from `values`: content keeps its sentences whole, without code. */
export function fillIn(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (gap, name: string) => values[name] ?? gap)
}
