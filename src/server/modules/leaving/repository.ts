import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { leaveMessageFields } from '#shared/contract/leaving'
import type { Database } from '../../db/schema.ts'

export async function insertLeaving(
  db: Kysely<Database>,
  m: z.output<typeof leaveMessageFields>,
  ip: string,
): Promise<number> {
  const row = await db
    .insertInto('leaving')
    .values({
      name: m.Name,
      phone: m.Phone,
      email: m.Email,
      company: m.Company,
      message: m.Message,
      handled: 0,
      ip,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
