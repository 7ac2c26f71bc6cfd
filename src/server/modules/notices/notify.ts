import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { noticeTypes, type NoticeType } from '#shared/contract/notices'
import type { Database } from '../../db/schema.ts'
import type { NoticeEvent } from './notice-view.ts'
import { recipientsCached, type AudienceCache } from './audience.ts'
import { insertNotice } from './repository.ts'

export type NotifyInput = {
  /** 0 purchase, 1 outsourcing, 2 order, 3 shipment (SPEC §3) */
  type: NoticeType
  orderId: number
  orderNo: string
  /** Chinese text (always shown when no English text is given) */
  msg: string
  msgEn?: string
}

export type Notify = (input: NotifyInput) => Promise<NoticeEvent>

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Creates a notice for every non-banned user whose role holds its screen and pushes
     * it to them in real time: `app.notify({ type, orderId, orderNo, msg, msgEn })`.
     */
    notify: Notify
  }
}

function check(input: NotifyInput) {
  if (!noticeTypes.includes(input.type))
    throw new TypeError(`notify: unknown notice type ${String(input.type)}`)
  if (input.msg.trim() === '') throw new TypeError('notify: msg must not be empty')
  if (!Number.isSafeInteger(input.orderId))
    throw new TypeError('notify: orderId must be an integer')
}

/**
 * Inserts the notice and its recipient rows with `db`, which may be the caller's
 * transaction. The caller publishes the returned event once that transaction committed
 * (PostCommon operations do this through `ctx.notify`). Several notices in one transaction
 * share `audience`, so their recipients are resolved once per type.
 */
export async function createNotice(
  db: Kysely<Database>,
  input: NotifyInput,
  audience?: AudienceCache,
): Promise<NoticeEvent> {
  check(input)
  const recipients = await recipientsCached(db, input.type, audience)
  return insertNotice(
    db,
    {
      msg: input.msg.trim(),
      msgEn: (input.msgEn ?? '').trim(),
      createType: input.type,
      orderId: input.orderId,
      orderNo: input.orderNo,
    },
    recipients,
  )
}

/**
 * Stores a notice in its own transaction, then publishes it. A failure to publish is
 * logged, not thrown: the notice is stored and shows up in the list and on reconnect.
 */
export async function notify(app: FastifyInstance, input: NotifyInput): Promise<NoticeEvent> {
  const event = await app.deps.db.db.transaction().execute((trx) => createNotice(trx, input))
  await app.realtime
    .publish(event)
    .catch((err: unknown) => app.log.warn({ err }, 'notify: could not publish a notice'))
  return event
}

/** Decorates the root instance with `app.notify` (needs `app.realtime`). */
export function registerNotify(app: FastifyInstance) {
  app.decorate('notify', (input: NotifyInput) => notify(app, input))
}
