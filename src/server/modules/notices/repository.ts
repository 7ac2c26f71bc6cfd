import type { Kysely } from 'kysely'
import { can, subjectOf, type Requirement } from '#shared/acl'
import type { NoticeType } from '#shared/contract/notices'
import type { Database } from '../../db/schema.ts'
import { ordersPermission } from '../../permissions.ts'
import type { Lang } from '../../i18n.ts'
import { noticeView, type NoticeEvent, type StoredNotice } from './notice-view.ts'

/** Which module each notice type belongs to, and who may see it (order-area modules, DESIGN §5). */
export const noticeAudience: Record<NoticeType, Requirement> = {
  0: ordersPermission, // purchase
  1: ordersPermission, // outsourcing
  2: ordersPermission, // order
  3: ordersPermission, // shipment
  4: ordersPermission, // supplier form (the /supplier/forms screen's permission)
}

const noticeColumns = [
  'notice.id as id',
  'notice.msg as msg',
  'notice.msg_en as msgEn',
  'notice.create_type as createType',
  'notice.order_id as orderId',
  'notice.order_no as orderNo',
  'notice.created_at as createdAt',
] as const

export type NoticeListQuery = {
  pageIndex: number
  pageSize: number
  isAll: boolean
  isRead?: boolean
  createType?: number
}

/** The user's notices, newest first, in their language, with the unread badge figure. */
export async function listNotices(
  db: Kysely<Database>,
  userId: number,
  q: NoticeListQuery,
  lang: Lang,
) {
  let base = db
    .selectFrom('notice_recipient')
    .innerJoin('notice', 'notice.id', 'notice_recipient.notice_id')
    .where('notice_recipient.user_id', '=', userId)
  if (!q.isAll) base = base.where('notice_recipient.is_read', '=', 0)
  if (q.isRead !== undefined) base = base.where('notice_recipient.is_read', '=', q.isRead ? 1 : 0)
  if (q.createType !== undefined) base = base.where('notice.create_type', '=', q.createType)
  const [rows, count, unread] = await Promise.all([
    base
      .select([...noticeColumns, 'notice_recipient.is_read as isRead'])
      .orderBy('notice.created_at', 'desc')
      .orderBy('notice.id', 'desc')
      .offset((q.pageIndex - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('notice_recipient')
      .where('user_id', '=', userId)
      .where('is_read', '=', 0)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return {
    result: rows.map((r) => noticeView(r, lang, r.isRead === 1)),
    total: Number(count.n),
    UnreadCount: Number(unread.n),
  }
}

/** Marks the user's own notices read; ids of other users' notices match nothing. Returns rows changed. */
export async function markNoticesRead(
  db: Kysely<Database>,
  userId: number,
  ids: number[],
): Promise<number> {
  let changed = 0
  for (let i = 0; i < ids.length; i += 500) {
    const r = await db
      .updateTable('notice_recipient')
      .set({ is_read: 1, read_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('notice_id', 'in', ids.slice(i, i + 500))
      .where('is_read', '=', 0)
      .executeTakeFirst()
    changed += Number(r.numUpdatedRows)
  }
  return changed
}

/** Ids of the non-banned users whose role may see the module of a notice type. */
export async function recipientsFor(db: Kysely<Database>, type: NoticeType): Promise<number[]> {
  const roles = await db.selectFrom('roles').select(['code', 'abilities']).execute()
  const allowed = roles
    .filter((r) => can(subjectOf(r.code, parseAbilities(r.abilities)), noticeAudience[type]))
    .map((r) => r.code)
  if (allowed.length === 0) return []
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', allowed)
    .where('ban', '=', 0)
    .orderBy('id')
    .execute()
  return users.map((u) => u.id)
}

function parseAbilities(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((a): a is string => typeof a === 'string') : []
  } catch {
    return []
  }
}

/** Inserts a notice and its unread recipient rows (use inside the caller's transaction). */
export async function insertNotice(
  db: Kysely<Database>,
  n: Omit<StoredNotice, 'id' | 'createdAt'>,
  recipients: number[],
): Promise<NoticeEvent> {
  const createdAt = new Date().toISOString()
  const row = await db
    .insertInto('notice')
    .values({
      msg: n.msg,
      msg_en: n.msgEn,
      create_type: n.createType,
      order_id: n.orderId,
      order_no: n.orderNo,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (let i = 0; i < recipients.length; i += 500) {
    const batch = recipients.slice(i, i + 500)
    await db
      .insertInto('notice_recipient')
      .values(batch.map((user_id) => ({ notice_id: row.id, user_id, is_read: 0, read_at: null })))
      .execute()
  }
  return { notice: { ...n, id: row.id, createdAt }, recipients }
}

/** A stored notice and its unread recipients, as another instance announced it. */
export async function loadNoticeEvent(
  db: Kysely<Database>,
  id: number,
): Promise<NoticeEvent | undefined> {
  const notice = await db
    .selectFrom('notice')
    .select(noticeColumns)
    .where('notice.id', '=', id)
    .executeTakeFirst()
  if (!notice) return undefined
  const rows = await db
    .selectFrom('notice_recipient')
    .select('user_id')
    .where('notice_id', '=', id)
    .where('is_read', '=', 0)
    .execute()
  return { notice, recipients: rows.map((r) => r.user_id) }
}
