/** First issue message per top-level field of a failed parse (`zod` or `zod/mini`). */
export function zodFieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '')
    out[key] ??= issue.message
  }
  return out
}
