import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { userInfoResponse } from '#shared/contract/auth'
import { AppError } from '../../errors.ts'

/** `GET {API_PREFIX}/User/Get`: who is signed in, with role and abilities. */
export async function userInfoRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/User/Get',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: userInfoResponse },
      },
    },
    async (req) => {
      const u = await app.deps.db.db
        .selectFrom('users')
        .select([
          'login_name',
          'role',
          'real_name',
          'nick_name',
          'mobile',
          'email',
          'avatar',
          'must_change_password',
        ])
        .where('id', '=', req.user!.id)
        .executeTakeFirst()
      if (!u) throw new AppError(Code.unauthorized, 'unauthorized')
      return {
        code: Code.ok,
        msg: 'ok',
        data: {
          LoginName: u.login_name,
          Role: u.role,
          RealName: u.real_name,
          Avatar: u.avatar,
          Abilities: [...req.user!.subject.abilities],
          MustChangePassword: u.must_change_password === 1,
          Permissions: [...req.user!.permissions],
          NickName: u.nick_name,
          Mobile: u.mobile,
          Email: u.email,
        },
      }
    },
  )
}
