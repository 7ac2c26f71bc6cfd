/** A waiting change's identity across tabs: its key, when it was first submitted, and what it sends. */
export const mutationIdentity = (
  key: unknown,
  submittedAt: number | undefined,
  variables: unknown,
) => `${JSON.stringify(key ?? null)}|${submittedAt ?? 0}|${JSON.stringify(variables ?? null)}`
