import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { doneResponse, modifyPassBody } from '#shared/contract/auth'
import { errorEnvelope } from '#shared/contract/envelope'
import { idempotentWrite } from '../../idempotent-write.ts'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import { writeLog } from '../system/log-repository.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { revokeOtherSessions } from './session-repository.ts'

/** Wrong current passwords an account may give in a window before password changes are locked (docs/security.md). */
export const passwordChangeLimits = { wrongOldPasswords: 5, windowMs: 15 * 60_000 }

/**
 * `POST {API_PREFIX}/User/ModifyMyPass`: code 10000; other sessions of the user are revoked in
 * the same transaction as the change (both happen or neither). Every attempt is counted per
 * account before the password check (so parallel guesses cannot all slip past the limit), a
 * right current password clears the count; past the limit every attempt is refused, even one
 * with the right password, until the window ends. The counter is a lockout counter (`login:`),
 * kept where anonymous floods cannot push it out. With an `Idempotency-Key` a retried change
 * answers the first success (`idempotentWrite`).
 */
export async function modifyPasswordRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/User/ModifyMyPass',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Change my password',
        body: modifyPassBody,
        response: { 200: doneResponse, 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const db = app.deps.db.db
      const me = req.user!
      // a retry of a change whose answer was lost answers the first success, not "old password wrong"
      return idempotentWrite(db, req, reply, me.id, req.body, () => change())
      async function change() {
        const attempts = `login:pw:${me.id}`
        const log = (result: string) =>
          writeLog(db, {
            account: me.loginName,
            operation: 'change password',
            logType: 'database',
            result,
            ip: req.ip,
          })
        if (
          (await app.limits.hit(attempts, passwordChangeLimits.windowMs)).count >
          passwordChangeLimits.wrongOldPasswords
        ) {
          await log('locked')
          throw new AppError(Code.tooManyRequests, 'passwordChangeLocked')
        }
        const row = await db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', me.id)
          .executeTakeFirstOrThrow()
        if (!(await verifyPassword(req.body.oldPass, row.password_hash))) {
          throw new AppError(Code.failed, 'oldPasswordWrong')
        }
        await app.limits.reset(attempts)
        // the password an administrator set (or any current one) cannot be kept as the new one
        if (
          req.body.newPass === req.body.oldPass ||
          (await verifyPassword(req.body.newPass, row.password_hash))
        ) {
          throw new AppError(Code.failed, 'samePassword')
        }
        const hash = await hashPassword(req.body.newPass)
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            // a write of the users row raises its version like every other (DESIGN §11)
            .set({
              password_hash: hash,
              must_change_password: 0,
              row_version: sql`row_version + 1`,
            })
            .where('id', '=', me.id)
            .execute()
          await revokeOtherSessions(trx, me.id, me.familyId)
        })
        await log('success')
        return { code: Code.done, msg: t('passwordChanged', requestLang(req)), data: null }
      }
    },
  )
}
