import { http } from 'msw'
import { Code } from '#shared/contract/codes'
import { myProfileBody } from '#shared/contract/auth'
import { postCommonBody, postCommonResponse, readNoticeRecord } from '#shared/contract/post-common'
import { leavingUpdateRecord } from '#shared/contract/leaving-admin'
import { postFrontCommonBody, postFrontCommonResponse } from '#shared/contract/leaving'
import { supplierApplyFields, supplierFormAddResponse } from '#shared/contract/supplier-forms'
import { staff } from '../guard.ts'
import { mockNoticeIds } from '../notices.ts'
import { bodyOf, fail, ok, say } from '../reply.ts'
import { mockState, readIdsOf } from '../state.ts'

/**
 * `PostData/PostCommon`: `ReadNotice` and `SaveLeaving` change the mock state, `SaveMyProfile`
 * checks the profile with the shared schema; every other registered save answers with the SPEC §8 mock messages (模拟保存成功, or 模拟删除成功 when it
 * only removes) and changes nothing. A replayed Idempotency-Key answers like its first call.
 */
export function postCommonHandlers(base: string) {
  return [
    http.post(
      `${base}/PostData/PostCommon`,
      staff(undefined, async ({ request }, account) => {
        const body = await bodyOf(request, postCommonBody)
        if (!body) return fail(Code.badRequest, say(request, '输入有误', 'Invalid input'))
        const { insertRecords = [], updateRecords = [], removeRecords = [] } = body.postData
        const counts = {
          inserted: insertRecords.length,
          updated: updateRecords.length,
          removed: removeRecords.length,
        }
        const key = request.headers.get('Idempotency-Key')
        const replayed = key ? mockState.applied.get(key) : undefined
        if (replayed !== undefined) return ok(postCommonResponse, counts, replayed)
        if (body.postUrl === 'ReadNotice') {
          const ids = updateRecords.map((r) => readNoticeRecord.safeParse(r))
          if (ids.some((r) => !r.success || !mockNoticeIds.has(r.data.Id)))
            return fail(Code.badRequest, say(request, '记录不存在', 'Record not found'))
          for (const r of ids) if (r.success) readIdsOf(account.LoginName).add(r.data.Id)
        } else if (body.postUrl === 'SaveMyProfile') {
          if (
            updateRecords.length !== 1 ||
            insertRecords.length + removeRecords.length > 0 ||
            !myProfileBody.safeParse(updateRecords[0]).success
          ) {
            return fail(Code.badRequest, say(request, '输入有误', 'Invalid input'))
          }
        } else if (body.postUrl === 'SaveLeaving') {
          for (const r of updateRecords) {
            const rec = leavingUpdateRecord.safeParse(r)
            if (rec.success && rec.data.Handled === true) mockState.handledLeaving.add(rec.data.Id)
            else if (rec.success && rec.data.Handled === false)
              mockState.handledLeaving.delete(rec.data.Id)
          }
        }
        const removeOnly = counts.removed > 0 && counts.inserted + counts.updated === 0
        const msg =
          body.postUrl === 'ReadNotice' ? 'ok' : removeOnly ? '模拟删除成功' : '模拟保存成功'
        if (key) mockState.applied.set(key, msg)
        return ok(postCommonResponse, counts, msg)
      }),
    ),
    // SPEC §7: no prefix (`/api` -> ``)
    http.post(
      `${base.replace(/\/[^/]*$/, '')}/FormZhengao/SupplierForm/Add`,
      async ({ request }) =>
        (await bodyOf(request, supplierApplyFields))
          ? ok(supplierFormAddResponse, { Id: 1 }, '模拟保存成功')
          : fail(Code.badRequest, say(request, '输入有误', 'Invalid input')),
    ),
    http.post(`${base}/PostData/PostFrontCommon`, async ({ request }) =>
      (await bodyOf(request, postFrontCommonBody))
        ? ok(postFrontCommonResponse, { Id: 1 }, '模拟保存成功')
        : fail(Code.badRequest, say(request, '输入有误', 'Invalid input')),
    ),
  ]
}
