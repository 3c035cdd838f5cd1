import { z } from './zod'

/** The highest order an admin can type; "last" is put there at most, so every order shown can be saved again. */
export const MAX_ORDER = 9999

/** An 'Order' field: a whole number, lower first; empty (null) puts the record after the others. */
export const orderSchema = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || (/^\d+$/.test(value) && Number(value) <= MAX_ORDER),
    `Order must be a whole number from 0 to ${MAX_ORDER}`,
  )
  .transform((value) => (value === '' ? null : Number(value)))

/** The order a record without one gets: one past the highest of the others, within MAX_ORDER. */
export function orderAfter(highest: number | string | null): number {
  return highest === null ? 0 : Math.min(Number(highest) + 1, MAX_ORDER)
}
