/**
 * Fields whose value is computed from other fields of the same grid row: source field -> the
 * fields derived from it. A derived field is hidden wherever one of its sources is hidden
 * (`column-{Source}-show-false`, SPEC §6), because its value gives the source back: TotalSum =
 * Quantity x UnitPrice, so TotalSum / Quantity is the unit price and TotalSum / UnitPrice the
 * quantity. Every path that reads grid permissions (grid, cards, form, export, import, history,
 * search, sort, choices, order sheet) reads `columnShown`, which consults this table; notices
 * and push payloads carry no column value at all (orders/grid-notices.ts).
 * Add a pair here when a grid kind gains a computed field.
 */
export const derivedFields: Readonly<Record<string, readonly string[]>> = {
  UnitPrice: ['TotalSum'],
  Quantity: ['TotalSum'],
}

/** The fields computed from `field` (none for most fields). */
export const derivedFrom = (field: string): readonly string[] =>
  Object.hasOwn(derivedFields, field) ? derivedFields[field]! : []

/** The sources a field is computed from (none for a stored field). */
export function sourcesOf(field: string): string[] {
  return Object.entries(derivedFields)
    .filter(([, derived]) => derived.includes(field))
    .map(([source]) => source)
}
