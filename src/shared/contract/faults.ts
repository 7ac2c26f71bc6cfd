import { z } from 'zod'

/**
 * Why the server refuses to serve a call for now (the `cause` of a 503 or 507 answer, and of
 * `/readyz` when not ready): `database` it cannot reach its database (HTTP 503, try again in a
 * moment), `storage` its storage is full (HTTP 507, writes only; reads still work), `draining`
 * it is shutting down (`/readyz` only).
 */
export const faultCauses = ['database', 'storage', 'draining'] as const
export type FaultCause = (typeof faultCauses)[number]

/**
 * The answer of a call refused by a fault of the server: the envelope with `data: null`, a
 * translated `msg` and the `cause`. HTTP 503 (code 503) while the database cannot be reached,
 * HTTP 507 (code 507) for a write while the storage is full. SPEC §8 has no text for 507: the
 * message comes from the server (docs/deviations.md).
 */
export const faultEnvelope = z
  .object({
    code: z.union([z.literal(503), z.literal(507)]),
    msg: z.string(),
    data: z.null(),
    cause: z.enum(faultCauses),
  })
  .meta({ id: 'FaultEnvelope' })

export type FaultEnvelope = z.infer<typeof faultEnvelope>

/** True for a parsed answer body that says the server cannot reach its database. */
export const isDatabaseFault = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  (body as { cause?: unknown }).cause === 'database' &&
  Number((body as { code?: unknown }).code) === 503
