/** Editors serve /new and /edit/:id; the id 'new' also means create. The id to edit, or null. */
export function editedId(params: { id?: string }): string | null {
  return params.id && params.id !== 'new' ? params.id : null
}
