import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { doneResponse, registerBody } from '#shared/contract/auth'
import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../errors.ts'
import { requestLang, t } from '../../i18n.ts'
import { writeLog } from '../system/log-repository.ts'
import { hashPassword } from './passwords.ts'
import { consumeSmsCode } from './sms-codes.ts'
import { isMobileTaken, mobileHolder } from './mobile-holder.ts'

/** Accounts one address may ask for per hour, over `/register` and `{API_PREFIX}/register` together. */
export const registerPerHour = 10

type Limit = (req: FastifyRequest, reply: FastifyReply) => Promise<void>
/** One limit per application, shared by both paths (the plugin keeps one store per handler). */
const limits = new WeakMap<AppDeps, Limit>()
function limitOf(app: FastifyInstance): Limit {
  let limit = limits.get(app.deps)
  if (!limit) {
    limit = app.rateLimit({ max: registerPerHour, timeWindow: '1 hour' }) as Limit
    limits.set(app.deps, limit)
  }
  return limit
}

/**
 * `POST /register`: an account with no role (sees nothing until an admin assigns one), with
 * the mobile number proven by a phone code (one account per number). The
 * answer is the same whether the name was free or taken (a taken name is left untouched), so
 * it cannot be used to find out which accounts exist; limited per address.
 */
export async function registerRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/register',
    {
      onRequest: limitOf(app),
      schema: {
        tags: ['auth'],
        summary: 'Create an account without a role',
        body: registerBody,
        response: { 200: doneResponse },
      },
    },
    async (req) => {
      const { db, config } = app.deps
      if (!config.registration) throw new AppError(Code.forbidden, 'registrationClosed')
      const b = req.body
      const check = await consumeSmsCode(db.db, app.limits, {
        mobile: b.mobile,
        code: b.code,
        purpose: 'register',
        ip: req.ip,
        testCode: config.smsTestCode,
      })
      if (check === 'locked') throw new AppError(Code.tooManyRequests, 'smsLocked')
      if (check === 'wrong') throw new AppError(Code.failed, 'smsCodeWrong')
      // the number is proven to be the caller's: saying it is taken tells them only about themself
      if (await mobileHolder(db.db, b.mobile)) throw new AppError(Code.failed, 'mobileTaken')
      // hashed whatever happens, so a taken name takes as long as a free one
      const passwordHash = await hashPassword(b.password)
      // the unique mobile index (migration 0016) settles two sign-ups racing for one number
      const created = await db.db
        .insertInto('users')
        .values({
          login_name: b.username,
          real_name: b.realName,
          nick_name: b.username,
          mobile: b.mobile,
          email: '',
          role: '',
          department_id: null,
          ban: 0,
          avatar: '',
          password_hash: passwordHash,
          must_change_password: 0,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column('login_name').doNothing())
        .executeTakeFirst()
        .catch((e: unknown) => {
          throw isMobileTaken(e) ? new AppError(Code.failed, 'mobileTaken') : e
        })
      const result = Number(created.numInsertedOrUpdatedRows ?? 0) > 0 ? 'success' : 'name taken'
      await writeLog(db.db, {
        account: b.username,
        operation: 'register',
        logType: 'database',
        result,
        ip: req.ip,
      })
      return { code: Code.ok, msg: t('registered', requestLang(req)), data: null }
    },
  )
}
