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

export async function listLeaving(
  db: Kysely<Database>,
  q: { pageIndex: number; pageSize: number; handled?: boolean },
) {
  let base = db.selectFrom('leaving')
  if (q.handled !== undefined) base = base.where('handled', '=', q.handled ? 1 : 0)
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset((q.pageIndex - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return {
    result: rows.map((r) => ({
      Id: r.id,
      Name: r.name,
      Phone: r.phone,
      Email: r.email,
      Company: r.company,
      Message: r.message,
      Handled: r.handled === 1,
      CreateTime: r.created_at,
      Reply: r.reply,
      RepliedBy: r.replied_by,
      RepliedAt: r.replied_at,
    })),
    total: Number(count.n),
  }
}
