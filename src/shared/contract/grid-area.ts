import { z } from 'zod'
import { areaCodes } from './fields.ts'

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
    .refine((s) => s === '' || areaCodes.safeParse(areaCodeList(s)).success, 'area')
    .optional(),
)
