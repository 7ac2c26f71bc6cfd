/** Reads a JSON text column; a broken value reads as the fallback instead of failing the call. */
export function parseJsonColumn<T>(text: string, fallback: T): T {
  try {
    const v: unknown = JSON.parse(text)
    return (v ?? fallback) as T
  } catch {
    return fallback
  }
}
