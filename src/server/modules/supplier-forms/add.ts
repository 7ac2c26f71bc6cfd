import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { Code } from '#shared/contract/codes'
import {
  supplierApplyFields,
  supplierFormAddResponse,
  type supplierFormFields,
} from '#shared/contract/supplier-forms'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { fieldMessages, requestLang, t } from '../../i18n.ts'
import { claimKey, fingerprintOf, idempotencyKeyOf, storeResult } from '../../idempotency.ts'
import type { NoticeEvent } from '../notices/notice-view.ts'
import { createNotice } from '../notices/notify.ts'
import { regionNames } from './china-regions.ts'

/** Replays of visitor calls share one key space (keys are random per submission). */
const visitor = 0

type FormValues = z.output<typeof supplierFormFields> & { AreaCodes?: string }

/** Stores one form; `createdBy` is the staff user of an import (null for a visitor). */
export async function insertForm(
  db: Kysely<Database>,
  f: FormValues,
  ip: string,
  createdBy: number | null = null,
) {
  const row = await db
    .insertInto('supplier_form')
    .values({
      company: f.Company,
      contact: f.Contact,
      phone: f.Phone,
      email: f.Email,
      address: f.Address,
      area_codes: f.AreaCodes ?? '',
      products: f.Products,
      message: f.Message,
      ip,
      created_by: createdBy,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Stores a visitor's form and the notice to the staff who may see supplier forms, in one transaction. */
async function storeApplication(db: Kysely<Database>, f: FormValues, ip: string) {
  const Id = await insertForm(db, f, ip)
  const event = await createNotice(db, {
    type: 4,
    orderId: Id,
    orderNo: '',
    msg: `新的供应商申请：${f.Company}（${f.Contact}）`,
    msgEn: `New supplier application: ${f.Company} (${f.Contact})`,
  })
  return { Id, event }
}

/**
 * `POST /FormZhengao/SupplierForm/Add` (SPEC §7, no prefix, public): a supplier's form from
 * `/supplier-apply`, validated with the shared rules (the region against the division data),
 * rate-limited per client address (5 per 10 minutes, before the body is read). Staff who may
 * see supplier forms get a notice. With an `Idempotency-Key` a replay returns the first result
 * and stores nothing new.
 */
export async function supplierFormAddRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/FormZhengao/SupplierForm/Add',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['supplier-forms'],
        summary: 'A supplier submits a form (public)',
        body: supplierApplyFields,
        response: { 200: supplierFormAddResponse },
      },
    },
    async (req, reply) => {
      const db = app.deps.db.db
      const lang = requestLang(req)
      const { Area, ...fields } = req.body
      const names = regionNames(Area)
      if (!names)
        throw new AppError(Code.badRequest, 'badRequest', { Area: fieldMessages.choose[lang] })
      const form: FormValues = {
        ...fields,
        Address: [names.join(' '), fields.Address].filter(Boolean).join(' '),
        AreaCodes: Area.join(','),
      }
      const key = idempotencyKeyOf(req)
      const fingerprint = fingerprintOf({ supplierForm: req.body })
      const outcome = await db.transaction().execute(async (trx) => {
        if (key) {
          const claim = await claimKey<{ Id: number }>(trx, visitor, key, fingerprint)
          if (claim.kind !== 'claimed') return claim
        }
        const { Id, event } = await storeApplication(trx, form, req.ip)
        if (key) await storeResult(trx, visitor, key, fingerprint, { Id })
        return { kind: 'applied' as const, result: { Id }, event }
      })
      if (outcome.kind === 'conflict')
        throw new AppError(Code.conflict, 'badRequest', {
          'Idempotency-Key': `Idempotency-Key ${t('invalidField', lang)}`,
        })
      if (outcome.kind === 'replay') reply.header('idempotent-replayed', 'true')
      else await publish(app, outcome.event)
      return { code: Code.ok, msg: t('supplierFormSaved', lang), data: { Id: outcome.result.Id } }
    },
  )
}

/** Pushes the stored notice; a failure to push is logged (the notice shows on the next list). */
async function publish(app: FastifyInstance, event: NoticeEvent) {
  await app.realtime
    .publish(event)
    .catch((err: unknown) => app.log.warn({ err }, 'supplier form: could not publish a notice'))
}
