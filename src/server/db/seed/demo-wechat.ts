import type { Kysely } from 'kysely'
import type { Database } from '../schema.ts'

/**
 * Demo WeChat identities (the stand-in provider offers the same open ids): one bound to the
 * staff account, one to editor and staff, one known but bound to nothing. None is bound to
 * admin: with WECHAT_STANDIN=true anyone may pick any of them with one click.
 */
export async function seedDemoWechat(
  trx: Kysely<Database>,
  users: { editor: number; staff: number },
  now: Date,
) {
  const at = now.toISOString()
  const rows = await trx
    .insertInto('wechat_user')
    .values([
      { open_id: 'standin-one', nick_name: '张师傅', avatar: '', ban: 0, created_at: at },
      { open_id: 'standin-multi', nick_name: '李经理', avatar: '', ban: 0, created_at: at },
      { open_id: 'standin-none', nick_name: '王访客', avatar: '', ban: 0, created_at: at },
    ])
    .returning(['id', 'open_id'])
    .execute()
  const id = (openId: string) => rows.find((r) => r.open_id === openId)!.id
  await trx
    .insertInto('wechat_binding')
    .values([
      { wechat_user_id: id('standin-one'), user_id: users.staff, created_at: at },
      { wechat_user_id: id('standin-multi'), user_id: users.editor, created_at: at },
      { wechat_user_id: id('standin-multi'), user_id: users.staff, created_at: at },
    ])
    .execute()
}
