import { z } from 'zod'

/** Province, city and (where the city has them) district codes, each inside its parent (as `areaCodes` of fields.ts). */
const nested = (c: string[]) =>
  c.length >= 2 && c.length <= 3 && c.every((x) => /^\d{6}$/.test(x)) && c[0]!.endsWith('0000') && c[1]!.startsWith(c[0]!.slice(0, 2)) && (c[2] === undefined || c[2].startsWith(c[1]!.slice(0, 4)))

/** The codes of a stored area ('' -> none). */
export const areaCodeList = (text: string): string[] => (text ? text.split(',') : [])

/**
 * An area cell of a grid (the order's customer area, SPEC §3 region item): the six-digit codes
 * of province, city and (where the city has them) district, stored comma-joined. A list of codes
 * or text with commas, spaces or slashes between them is accepted; empty clears it. Whether the
 * codes exist is checked by the server against the division data (code `area` either way).
 */
export const gridArea = z.preprocess(
  (v) => (v === null ? undefined : Array.isArray(v) ? v.join(',') : v),
  z
    .string({ message: 'area' })
    .trim()
    .max(60, 'area')
    .transform((s) => s.split(/[\s,，、/]+/).filter(Boolean).join(','))
    .refine((s) => s === '' || nested(areaCodeList(s)), 'area')
    .optional(),
)
