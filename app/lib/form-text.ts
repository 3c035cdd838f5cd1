/** The named text fields of a form as typed, a missing one as '': what a refused form shows again. */
export function formText<const K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const text = (name: K) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  return Object.fromEntries(names.map((name) => [name, text(name)])) as Record<K, string>
}
