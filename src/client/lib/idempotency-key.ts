/**
 * Every write sends an `Idempotency-Key` (write-outcome.ts): a replay after a lost answer, with the
 * same key, applies once on the server.
 */

/** `crypto.randomUUID` needs a secure context; a plain-HTTP LAN address falls back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const keys = new WeakMap<object, string>()

/**
 * The key of one submitted write, by its variables object: TanStack Query retries a mutation
 * with the very same variables, so every attempt of one submit sends the same key, and the
 * next submit (a new object) a new one.
 */
export function keyOfSubmit(variables: object): string {
  let key = keys.get(variables)
  if (!key) keys.set(variables, (key = newIdempotencyKey()))
  return key
}

/** The header of a write. */
export const idempotencyHeader = (key: string) => ({ 'Idempotency-Key': key })
