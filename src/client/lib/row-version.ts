/** `{RowVersion}` of a record read from the server, or nothing when it has none (DESIGN §11). */
export function versionOf(record: unknown): { RowVersion?: number } {
  const v = (record as { RowVersion?: unknown } | null | undefined)?.RowVersion
  return typeof v === 'number' ? { RowVersion: v } : {}
}
