import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { Code } from '#shared/contract/codes'
import { supplierFormAddResponse, supplierFormFields } from '#shared/contract/supplier-forms'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { claimKey, fingerprintOf, idempotencyKeyOf, storeResult } from '../../idempotency.ts'
import { requestLang, t } from '../../i18n.ts'

/** Replays of visitor calls share one key space (keys are random per submission). */
const visitor = 0

/** Stores one form; `createdBy` is the staff user of an import (null for a visitor). */
export async function insertForm(db: Kysely<Database>, f: z.output<typeof supplierFormFields>, ip: string, createdBy: number | null = null) {
  const row = await db
    .insertInto('supplier_form')
    .values({
      company: f.Company,
      contact: f.Contact,
      phone: f.Phone,
      email: f.Email,
      address: f.Address,
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

/**
 * `POST /FormZhengao/SupplierForm/Add` (SPEC §7, no prefix, public): a supplier's form,
 * validated with the shared rules and rate-limited per client (5 per 10 minutes). With an
 * `Idempotency-Key` a replay returns the first result and stores nothing new.
 */
export async function supplierFormAddRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/FormZhengao/SupplierForm/Add',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['supplier-forms'],
        summary: 'A supplier submits a form (public)',
        body: supplierFormFields,
        response: { 200: supplierFormAddResponse },
      },
    },
    async (req, reply) => {
      const db = app.deps.db.db
      const lang = requestLang(req)
      const saved = (Id: number) => ({ code: Code.ok, msg: t('supplierFormSaved', lang), data: { Id } })
      const key = idempotencyKeyOf(req)
      if (!key) return saved(await insertForm(db, req.body, req.ip))
      const fingerprint = fingerprintOf({ supplierForm: req.body })
      const outcome = await db.transaction().execute(async (trx) => {
        const claim = await claimKey<{ Id: number }>(trx, visitor, key, fingerprint)
        if (claim.kind !== 'claimed') return claim
        const Id = await insertForm(trx, req.body, req.ip)
        await storeResult(trx, visitor, key, fingerprint, { Id })
        return { kind: 'applied' as const, result: { Id } }
      })
      if (outcome.kind === 'conflict')
        throw new AppError(Code.conflict, 'badRequest', { 'Idempotency-Key': `Idempotency-Key ${t('invalidField', lang)}` })
      if (outcome.kind === 'replay') reply.header('idempotent-replayed', 'true')
      return saved(outcome.result.Id)
    },
  )
}
