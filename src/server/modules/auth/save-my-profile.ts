import { myProfileBody } from '#shared/contract/auth'
import { defineOperation } from '../post-common/registry.ts'

/**
 * PostCommon `SaveMyProfile` (any signed-in user): one updateRecords entry with the caller's own
 * RealName, NickName, Mobile, Email and Avatar (SPEC §5 rules in the shared `myProfileBody`).
 * The record names no account (an `Id` or `LoginName` sent along is dropped by the schema): the
 * row changed is always the caller's, so nobody edits anyone else here. No inserts or removes.
 */
export const saveMyProfile = defineOperation({
  postUrl: 'SaveMyProfile',
  permission: 'signedIn',
  update: myProfileBody,
  async run(trx, records, ctx) {
    let updated = 0
    for (const p of records.updateRecords) {
      await trx
        .updateTable('users')
        .set({ real_name: p.RealName, nick_name: p.NickName, mobile: p.Mobile, email: p.Email, avatar: p.Avatar })
        .where('id', '=', ctx.user.id)
        .execute()
      updated++
    }
    return { updated }
  },
})
