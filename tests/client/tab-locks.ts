/** Web Locks as the tabs of one browser share them: one holder of a name at a time. */
export function tabLocks() {
  const tails = new Map<string, Promise<unknown>>()
  return {
    request<T>(name: string, work: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(work)
      tails.set(
        name,
        run.catch(() => undefined),
      )
      return run
    },
  }
}
