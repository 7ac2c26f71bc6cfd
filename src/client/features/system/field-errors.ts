import { ApiError, errorText } from '#client/lib/http'

/**
 * The field errors of a refused save, by field, for one record: under the field path below the
 * record and under its first part (`postData.updateRecords.0.Meta.title` -> `Meta.title` and
 * `Meta`; `...MenuIds.3` -> `MenuIds.3` and `MenuIds`).
 */
export function recordErrors(e: unknown, index = 0): Record<string, string> {
  const out: Record<string, string> = {}
  if (!(e instanceof ApiError) || !e.fieldErrors) return out
  for (const [path, text] of Object.entries(e.fieldErrors)) {
    const m = /^postData\.\w+Records\.(\d+)\.((\w+)(?:\.\w+)*)$/.exec(path)
    if (m && Number(m[1]) === index) {
      out[m[2]!] ??= text
      out[m[3]!] ??= text
    } else if (!m) out._ ??= text
  }
  return out
}

/**
 * One line for a toast: the first field message, else the error as SPEC §8 shows it (a server
 * failure with its code: "500: message"), else the fallback.
 */
export function errorLine(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.fieldErrors) {
    const first = Object.values(e.fieldErrors)[0]
    if (first) return first
  }
  return errorText(e, fallback)
}
