import { z } from 'zod'
import { envelope } from './envelope.ts'

export const healthResponse = z.object({
  status: z.enum(['ok']),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
})

export const healthEnvelope = envelope(healthResponse)
