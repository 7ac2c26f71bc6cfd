/**
 * Why the server refuses to serve a call for now (the `cause` of a 503 or 507 answer, and of
 * `/readyz` when not ready): `database` it cannot reach its database (HTTP 503, try again in a
 * moment), `storage` its storage is full (HTTP 507, writes only; reads still work), `draining`
 * it is shutting down (`/readyz` only). No zod here: the client's start-up code reads it.
 */
export const faultCauses = ['database', 'storage', 'draining'] as const
export type FaultCause = (typeof faultCauses)[number]

/** True for a parsed answer body that says the server cannot reach its database. */
export const isDatabaseFault = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  (body as { cause?: unknown }).cause === 'database' &&
  Number((body as { code?: unknown }).code) === 503
