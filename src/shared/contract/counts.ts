import { z } from 'zod'
import { envelope } from './envelope.ts'

/** Any paged list read only for its count (`pageSize: 1`): the rows are not looked at. */
export const countOnlyResponse = envelope(z.object({ total: z.number().int() }))
