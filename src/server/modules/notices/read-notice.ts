import { readNoticeRecord } from '#shared/contract/post-common'
import { defineOperation } from '../post-common/registry.ts'
import { markNoticesRead } from './repository.ts'

/**
 * PostCommon `ReadNotice`: updateRecords `[{Id}]` mark the caller's notices read. Ids of
 * notices the caller did not receive match no row of theirs and are ignored.
 */
export const readNoticeOperation = defineOperation({
  postUrl: 'ReadNotice',
  permission: 'signedIn',
  update: readNoticeRecord,
  async run(trx, records, ctx) {
    const ids = [...new Set(records.updateRecords.map((r) => r.Id))]
    const updated = ids.length === 0 ? 0 : await markNoticesRead(trx, ctx.user.id, ids)
    return { updated }
  },
})
