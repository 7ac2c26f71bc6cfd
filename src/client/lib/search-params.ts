/** A positive integer id from a search param, or undefined when missing or malformed. */
export function toId(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined
}
