import type { Kysely } from 'kysely'
import { noticeTypes, type NoticeType } from '#shared/contract/notice-types'
import type { Database } from '../../db/schema.ts'
import type { Lang } from '../../i18n.ts'
import { noticeView, type NoticeEvent, type StoredNotice } from './notice-view.ts'

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

/** Which recipient rows a list asks for: read state (undefined: both) and types. */
function scopeOf(q: NoticeListQuery, types: readonly NoticeType[]) {
  // isAll false lists unread only; with isRead true as well nothing matches
  const read: 0 | 1 | undefined | 'none' = !q.isAll
    ? q.isRead === true
      ? 'none'
      : 0
    : q.isRead === undefined
      ? undefined
      : q.isRead
        ? 1
        : 0
  const listed = q.createType === undefined ? types : types.filter((t) => t === q.createType)
  return { read, types: listed }
}

/**
 * The page of recipient rows, newest first, read from one index of notice_recipient
 * (notice_recipient_unread with a read state, notice_recipient_time without) and joined to
 * their notices only for the page. The type filter is left out when it admits every type.
 */
export function noticePageQuery(
  db: Kysely<Database>,
  userId: number,
  q: NoticeListQuery,
  types: readonly NoticeType[],
) {
  const scope = scopeOf(q, types)
  let page = db
    .selectFrom('notice_recipient')
    .select(['notice_id', 'is_read', 'created_at'])
    .where('user_id', '=', userId)
  if (scope.read !== undefined && scope.read !== 'none')
    page = page.where('is_read', '=', scope.read)
  if (scope.types.length < noticeTypes.length)
    page = page.where('create_type', 'in', [...scope.types])
  const inner = page
    .orderBy('created_at', 'desc')
    .orderBy('notice_id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize)
  return db
    .selectFrom(inner.as('p'))
    .innerJoin('notice', 'notice.id', 'p.notice_id')
    .select([...noticeColumns, 'p.is_read as isRead'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.notice_id', 'desc')
}

/** The user's maintained counts per notice type (notice_count, kept by triggers; one index read). */
export function noticeCountsQuery(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('notice_count')
    .select(['create_type', 'unread', 'total'])
    .where('user_id', '=', userId)
}

/**
 * The user's notices, newest first, in their language, with the unread badge figure. Only the
 * types the user may receive now (`types`, see audience.ts) are listed and counted: a role that
 * lost a screen stops seeing its notices at once. Nothing is counted here: the totals come from
 * notice_count (O(1) in the number of notices) and the page from an index in list order.
 */
export async function listNotices(
  db: Kysely<Database>,
  userId: number,
  q: NoticeListQuery,
  lang: Lang,
  types: readonly NoticeType[] = noticeTypes,
) {
  if (types.length === 0) return { result: [], total: 0, UnreadCount: 0 }
  const scope = scopeOf(q, types)
  const counts = await noticeCountsQuery(db, userId).execute()
  let unread = 0
  let total = 0
  for (const c of counts) {
    const u = Number(c.unread)
    const all = Number(c.total)
    if (types.includes(c.create_type as NoticeType)) unread += u
    if (!scope.types.includes(c.create_type as NoticeType)) continue
    total += scope.read === 'none' ? 0 : scope.read === 0 ? u : scope.read === 1 ? all - u : all
  }
  const skip = (q.pageIndex - 1) * q.pageSize
  const rows = total <= skip ? [] : await noticePageQuery(db, userId, q, types).execute()
  return {
    result: rows.map((r) => noticeView(r, lang, r.isRead === 1)),
    total,
    UnreadCount: unread,
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

/**
 * Inserts a notice and its unread recipient rows (use inside the caller's transaction); the
 * recipients' notice_count rows follow by trigger in the same transaction.
 */
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
      .values(
        batch.map((user_id) => ({
          notice_id: row.id,
          user_id,
          is_read: 0,
          read_at: null,
          create_type: n.createType,
          created_at: createdAt,
        })),
      )
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
