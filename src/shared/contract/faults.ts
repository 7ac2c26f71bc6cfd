import { z } from 'zod'

import { faultCauses } from './fault-cause.ts'

export { faultCauses, isDatabaseFault, type FaultCause } from './fault-cause.ts'

/**
 * The answer of a call refused by a fault of the server: the envelope with `data: null`, a
 * translated `msg` and the `cause`. HTTP 503 (code 503) while the database cannot be reached,
 * HTTP 507 (code 507) for a write while the storage is full. SPEC §8 has no text for 507: the
 * message comes from the server (docs/deviations.md).
 */
export const faultEnvelope = z.object({
  code: z.union([z.literal(503), z.literal(507)]),
  msg: z.string(),
  data: z.null(),
  cause: z.enum(faultCauses),
})

export type FaultEnvelope = z.infer<typeof faultEnvelope>
