import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { WechatUserRow, wechatUserListBody } from '#shared/contract/wechat-admin'
import type { Database } from '../../db/schema.ts'

/** WeChat identities for staff, newest first, with their bound accounts. */
export async function listWechatUsers(
  db: Kysely<Database>,
  q: z.output<typeof wechatUserListBody>,
) {
  let base = db.selectFrom('wechat_user')
  if (q.ban !== undefined) base = base.where('ban', '=', q.ban ? 1 : 0)
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    base = base.where((eb) =>
      eb.or([
        eb('nick_name', 'like', like),
        eb('open_id', 'like', like),
        eb(
          'id',
          'in',
          eb
            .selectFrom('wechat_binding')
            .innerJoin('users', 'users.id', 'wechat_binding.user_id')
            .select('wechat_binding.wechat_user_id')
            .where((w) =>
              w.or([w('users.login_name', 'like', like), w('users.real_name', 'like', like)]),
            ),
        ),
      ]),
    )
  }
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
  const ids = rows.map((r) => r.id)
  const bindings = ids.length
    ? await db
        .selectFrom('wechat_binding')
        .innerJoin('users', 'users.id', 'wechat_binding.user_id')
        .select([
          'wechat_binding.wechat_user_id',
          'users.id',
          'users.login_name',
          'users.real_name',
        ])
        .where('wechat_binding.wechat_user_id', 'in', ids)
        .orderBy('users.login_name')
        .execute()
    : []
  const result: WechatUserRow[] = rows.map((r) => ({
    Id: r.id,
    OpenId: r.open_id,
    NickName: r.nick_name,
    Avatar: r.avatar,
    Ban: r.ban === 1,
    CreateTime: r.created_at,
    Accounts: bindings
      .filter((b) => b.wechat_user_id === r.id)
      .map((b) => ({ UserId: b.id, LoginName: b.login_name, RealName: b.real_name })),
  }))
  return { result, total: Number(count.n) }
}
