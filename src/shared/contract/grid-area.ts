import { z } from 'zod'

/** The codes of a stored area ('' -> none). */
export const areaCodeList = (text: string): string[] => (text ? text.split(',') : [])

/**
 * An area cell of a grid (the order's customer area, SPEC §3 region item): the six-digit codes
 * of province, city and (where the city has them) district, comma-joined; empty clears it.
 * Whether they exist and lie inside each other is checked by the server against the division
 * data (code `area` either way); the rule here stays small, it is on the staff shell's first load.
 */
export const gridArea = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string({ message: 'area' })
    .trim()
    .regex(/^(\d{6}(,\d{6}){1,2})?$/, 'area')
    .optional(),
)
