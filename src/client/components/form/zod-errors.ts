import type { z } from 'zod'

/** First issue message per top-level field of a failed parse. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '')
    out[key] ??= issue.message
  }
  return out
}
