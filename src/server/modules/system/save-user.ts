import type { Kysely } from 'kysely'
import { Code } from '#shared/contract/codes'
import { userInsert, userPasswordReset, userUpdate } from '#shared/contract/system-users'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { t, type Lang } from '../../i18n.ts'
import { adminPermission } from '../../permissions.ts'
import { hashPassword } from '../auth/passwords.ts'
import { isMobileTaken, mobileHolder } from '../auth/mobile-holder.ts'
import { defineOperation } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'

type Fail = (path: string, code: string) => void

async function checkRefs(
  db: Kysely<Database>,
  r: { Role?: string; DepartmentId?: number | null },
  path: string,
  fail: Fail,
) {
  if (r.Role !== undefined && r.Role !== '') {
    const role = await db
      .selectFrom('roles')
      .select('code')
      .where('code', '=', r.Role)
      .executeTakeFirst()
    if (!role) fail(`${path}.Role`, 'roleNotFound')
  }
  if (r.DepartmentId !== undefined && r.DepartmentId !== null) {
    const d = await db
      .selectFrom('department')
      .select('id')
      .where('id', '=', r.DepartmentId)
      .executeTakeFirst()
    if (!d) fail(`${path}.DepartmentId`, 'departmentNotFound')
  }
}

/**
 * One account per mobile number: an administrator may set any number without a
 * code, but not one another account holds; the message names that account.
 */
async function checkMobile(
  db: Kysely<Database>,
  mobile: string | undefined,
  userId: number | undefined,
  path: string,
  errors: Record<string, string>,
  lang: Lang,
) {
  if (mobile === undefined || mobile === '') return
  const holder = await mobileHolder(db, mobile, userId)
  if (holder) errors[`${path}.Mobile`] ??= t('mobileInUseBy', lang, { account: holder.login_name })
}

/** A write that lost a race for a number on the unique index: the same field error, no 5xx. */
const mobileRace =
  (path: string, lang: Lang) =>
  (e: unknown): never => {
    if (isMobileTaken(e))
      throw new AppError(Code.badRequest, 'badRequest', {
        [`${path}.Mobile`]: t('mobileInUse', lang),
      })
    throw e
  }

/** Ends every session of an account: it signs in again (banned: cannot). */
const revokeSessions = (db: Kysely<Database>, userId: number) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()

/**
 * PostCommon `SaveUser` (admin): insertRecords create accounts (they must change the given
 * password at first sign-in), updateRecords change name, contact, role, department or ban. A
 * role or department must exist, a login name is unique, and administrators cannot ban
 * themselves or change their own role. Role and ban apply on the account's next request.
 */
export const saveUser = defineOperation({
  postUrl: 'SaveUser',
  permission: adminPermission,
  menu: ['/system/user'],
  insert: userInsert,
  update: userUpdate,
  async run(trx, records, ctx) {
    const errors: Record<string, string> = {}
    const fail: Fail = (path, code) => void (errors[path] ??= fieldText(path, code, ctx.lang))
    let updated = 0
    for (const [i, r] of records.updateRecords.entries()) {
      const path = `postData.updateRecords.${i}`
      const user = await trx
        .selectFrom('users')
        .select(['id', 'role'])
        .where('id', '=', r.Id)
        .executeTakeFirst()
      if (!user) {
        fail(`${path}.Id`, 'userNotFound')
        continue
      }
      if (
        user.id === ctx.user.id &&
        ((r.Ban ?? false) || (r.Role !== undefined && r.Role !== user.role))
      )
        fail(`${path}.${r.Ban ? 'Ban' : 'Role'}`, 'ownAccount')
      await checkRefs(trx, r, path, fail)
      await checkMobile(trx, r.Mobile, r.Id, path, errors, ctx.lang)
      if (Object.keys(errors).length > 0) continue
      const set = {
        ...(r.RealName !== undefined ? { real_name: r.RealName } : {}),
        ...(r.NickName !== undefined ? { nick_name: r.NickName } : {}),
        ...(r.Mobile !== undefined ? { mobile: r.Mobile } : {}),
        ...(r.Email !== undefined ? { email: r.Email } : {}),
        ...(r.Role !== undefined ? { role: r.Role } : {}),
        ...(r.DepartmentId !== undefined ? { department_id: r.DepartmentId } : {}),
        ...(r.Ban !== undefined ? { ban: r.Ban ? 1 : 0 } : {}),
      }
      if (Object.keys(set).length > 0)
        await trx
          .updateTable('users')
          .set(set)
          .where('id', '=', r.Id)
          .execute()
          .catch(mobileRace(path, ctx.lang))
      if (r.Ban) await revokeSessions(trx, r.Id)
      updated++
    }
    let inserted = 0
    for (const [i, r] of records.insertRecords.entries()) {
      const path = `postData.insertRecords.${i}`
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', r.LoginName)
        .executeTakeFirst()
      if (taken) fail(`${path}.LoginName`, 'loginTaken')
      await checkRefs(trx, r, path, fail)
      await checkMobile(trx, r.Mobile, undefined, path, errors, ctx.lang)
      if (Object.keys(errors).length > 0) continue
      await trx
        .insertInto('users')
        .values({
          login_name: r.LoginName,
          real_name: r.RealName,
          nick_name: r.LoginName,
          mobile: r.Mobile,
          email: r.Email,
          role: r.Role,
          department_id: r.DepartmentId,
          ban: 0,
          avatar: '',
          password_hash: await hashPassword(r.Password),
          must_change_password: 1,
          created_at: new Date().toISOString(),
        })
        .execute()
        .catch(mobileRace(path, ctx.lang))
      inserted++
    }
    if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
    return { inserted, updated }
  },
})

/**
 * PostCommon `ResetUserPassword` (admin): updateRecords `{Id, Password}` set a new password
 * the user must change at next sign-in; their sessions end, so that is their next step.
 */
export const resetUserPassword = defineOperation({
  postUrl: 'ResetUserPassword',
  permission: adminPermission,
  menu: ['/system/user'],
  update: userPasswordReset,
  async run(trx, records, ctx) {
    const errors: Record<string, string> = {}
    let updated = 0
    for (const [i, r] of records.updateRecords.entries()) {
      const res = await trx
        .updateTable('users')
        .set({ password_hash: await hashPassword(r.Password), must_change_password: 1 })
        .where('id', '=', r.Id)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) === 0) {
        const path = `postData.updateRecords.${i}.Id`
        errors[path] = fieldText(path, 'userNotFound', ctx.lang)
        continue
      }
      if (r.Id !== ctx.user.id) await revokeSessions(trx, r.Id)
      updated++
    }
    if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
    return { updated }
  },
})
