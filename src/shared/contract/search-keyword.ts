// A list's search keyword, alone (validators.ts re-exports it) so the grid list contract does
// not bring the field rules into the staff shell.
import { z } from 'zod'

/** C0 and C1 control characters and DEL: no one types them into a search box. */
export const hasControlCharacters = (v: string) =>
  [...v].some((c) => {
    const n = c.codePointAt(0)!
    return n < 0x20 || (n >= 0x7f && n <= 0x9f)
  })

/** The code a search keyword with control characters fails with (the server words it in i18n.ts). */
export const keywordControlCode = 'keywordControl'

/**
 * A list's search keyword: trimmed, at most `max` characters, without control characters (a NUL
 * ended the embedded database's full-text query with an error, and PostgreSQL cannot store one).
 */
export const searchKeyword = (max = 100) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControlCharacters(v), keywordControlCode)
