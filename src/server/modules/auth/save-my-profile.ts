import { sql } from 'kysely'
import { Code } from '#shared/contract/codes'
import { myProfileBody } from '#shared/contract/auth'
import { AppError } from '../../errors.ts'
import { t } from '../../i18n.ts'
import { defineOperation } from '../post-common/registry.ts'
import { isMobileTaken, mobileHolder } from './mobile-holder.ts'
import { consumeSmsCode } from './sms-codes.ts'

/**
 * PostCommon `SaveMyProfile` (any signed-in user): one updateRecords entry with the caller's own
 * RealName, NickName, Mobile, Email and Avatar (SPEC §5 rules in the shared `myProfileBody`).
 * The record names no account (an `Id` or `LoginName` sent along is dropped by the schema): the
 * row changed is always the caller's, so nobody edits anyone else here. No inserts or removes.
 * A new Mobile needs SmsCode, the code sent to it (`User/SendMobileChangeCode`), and
 * must not be another account's: checked in that order, so only a proven owner learns it is taken.
 */
export const saveMyProfile = defineOperation({
  postUrl: 'SaveMyProfile',
  permission: 'signedIn',
  update: myProfileBody,
  async run(trx, records, ctx) {
    let updated = 0
    for (const [i, p] of records.updateRecords.entries()) {
      const field = `postData.updateRecords.${i}`
      const me = await trx
        .selectFrom('users')
        .select('mobile')
        .where('id', '=', ctx.user.id)
        .executeTakeFirstOrThrow()
      if (p.Mobile !== '' && p.Mobile !== me.mobile) {
        if (p.SmsCode === '')
          throw new AppError(Code.badRequest, 'mobileCodeNeeded', {
            [`${field}.SmsCode`]: t('mobileCodeNeeded', ctx.lang),
          })
        if (!ctx.limits)
          throw new Error('SaveMyProfile runs only through PostCommon (it needs the limiter)')
        const check = await consumeSmsCode(trx, ctx.limits, {
          mobile: p.Mobile,
          purpose: 'changeMobile',
          code: p.SmsCode,
          ip: ctx.ip,
          testCode: ctx.smsTestCode ?? null,
        })
        if (check === 'locked') throw new AppError(Code.tooManyRequests, 'smsLocked')
        if (check === 'wrong')
          throw new AppError(Code.failed, 'smsCodeWrong', {
            [`${field}.SmsCode`]: t('smsCodeWrong', ctx.lang),
          })
        if (await mobileHolder(trx, p.Mobile, ctx.user.id))
          throw new AppError(Code.failed, 'mobileInUse', {
            [`${field}.Mobile`]: t('mobileInUse', ctx.lang),
          })
      }
      try {
        await trx
          .updateTable('users')
          .set({
            real_name: p.RealName,
            nick_name: p.NickName,
            mobile: p.Mobile,
            email: p.Email,
            avatar: p.Avatar,
            // a write of the users row: an administrator's edit from an older copy sees it
            row_version: sql`row_version + 1`,
          })
          .where('id', '=', ctx.user.id)
          .execute()
      } catch (e) {
        if (isMobileTaken(e))
          throw new AppError(Code.failed, 'mobileInUse', {
            [`${field}.Mobile`]: t('mobileInUse', ctx.lang),
          })
        throw e
      }
      updated++
    }
    return { updated }
  },
})
