/*
 * A list ordered by hand (team, testimonials, case studies): what one move says, on the list for
 * screen readers and in the activity log.
 */

/** The one record whose move turns `before` into `after`, and its new place from 1; null when none or several moved. */
export function movedRecord(before: string[], after: string[]): { id: string; position: number } | null {
  const first = before.findIndex((id, index) => after[index] !== id)
  if (first === -1 || before.length !== after.length) return null
  const without = (ids: string[], id: string) => ids.filter((other) => other !== id)
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => b[index] === id)
  for (const id of [after[first]!, before[first]!]) {
    if (same(without(before, id), without(after, id))) return { id, position: after.indexOf(id) + 1 }
  }
  return null
}

/** 'Dana Reyes to position 2 of 5': the activity log's title of a move, after its 'Reordered'. */
export const movedTo = (name: string, position: number, count: number) => `${name} to position ${position} of ${count}`

/** 'Moved Dana Reyes to position 2 of 5': what the list says once a move is made. */
export const moveMessage = (name: string, position: number, count: number) => `Moved ${movedTo(name, position, count)}`
