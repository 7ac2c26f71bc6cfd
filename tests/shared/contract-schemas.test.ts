import { describe, expect, it } from 'vitest'
import { clientErrorBody } from '#shared/contract/client-error'
import {
  categoryListQuery,
  productDetailQuery,
  productListQuery,
  productListResponse,
} from '#shared/contract/content'
import { countOnlyResponse } from '#shared/contract/counts'
import { gridSelectQuery, productionSelectQuery } from '#shared/contract/grid-suggest'
import { historyListBody } from '#shared/contract/history'
import { leavingRow, leavingUpdateRecord } from '#shared/contract/leaving-admin'
import {
  noticeListBody,
  noticeTargetPath,
  noticeTypes,
  wsClientMessage,
} from '#shared/contract/notices'
import { sendSmsCodeBody } from '#shared/contract/phone-auth'
import { postCommonBody } from '#shared/contract/post-common'
import { pushPublicKeyResponse } from '#shared/contract/push-public-key'
import { pushSubscribeBody } from '#shared/contract/push-subscribe'
import { pushUnsubscribeBody } from '#shared/contract/push-unsubscribe'
import { supplierApplyFields, supplierFormFields } from '#shared/contract/supplier-forms'
import { logListBody } from '#shared/contract/system-log'
import { healthEnvelope } from '#shared/contract/system'
import { translateBody } from '#shared/contract/translate'
import { wechatUserUpdate } from '#shared/contract/wechat-admin'
import { wxAuthorizeQuery, wxUnbindBody } from '#shared/contract/wechat'
import { auditPermission, contentPermission, ordersPermission } from '#shared/permissions'
import { staffMenu, type SeedItem } from '#shared/staff-menu'
import { isStaffScreen } from '#shared/staff-screens'

/** The request and answer schemas no other test of tests/shared reads: one accepted and one refused input each. */
describe('contract schemas (SPEC §7)', () => {
  it('public content reads: defaults and bounds of the queries', () => {
    expect(categoryListQuery.parse({})).toEqual({
      pageIndex: 1,
      pageSize: 99_999,
      type: 20,
      parentId: 0,
    })
    expect(productDetailQuery.parse({ id: '12' })).toEqual({ id: 12 })
    expect(productDetailQuery.safeParse({ id: '0' }).success).toBe(false)
    expect(productDetailQuery.safeParse({ id: '2147483648' }).success).toBe(false)
    expect(productListQuery.parse({ keyword: ' 齿轮 ', featured: 'true' })).toEqual({
      pageIndex: 1,
      pageSize: 20,
      keyword: '齿轮',
      featured: 'true',
    })
    expect(productListQuery.safeParse({ featured: 'yes' }).success).toBe(false)
    expect(
      productListResponse.safeParse({ code: 200, msg: '', data: { result: [], total: -1 } })
        .success,
    ).toBe(false)
  })

  it('client errors, counts, health, translate and push', () => {
    expect(
      clientErrorBody.safeParse({ url: '/x', message: 'boom', source: 'render' }).success,
    ).toBe(true)
    expect(clientErrorBody.safeParse({ url: '/x', message: '', source: 'render' }).success).toBe(
      false,
    )
    expect(countOnlyResponse.parse({ code: 200, msg: '', data: { total: 3 } }).data.total).toBe(3)
    expect(
      healthEnvelope.safeParse({
        code: 200,
        msg: '',
        data: { status: 'ok', database: 'mysql', version: '1' },
      }).success,
    ).toBe(false)
    expect(translateBody.parse({ text: '齿轮' })).toEqual({
      text: '齿轮',
      source: 'zh',
      target: 'en',
    })
    expect(pushUnsubscribeBody.safeParse({ endpoint: '' }).success).toBe(false)
    expect(
      pushPublicKeyResponse.safeParse({ code: 200, msg: '', data: { enabled: false } }).success,
    ).toBe(false)
    const sub = {
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      lang: 'en',
    }
    expect(pushSubscribeBody.parse({ ...sub, extra: 1 })).toEqual(sub)
    expect(
      pushSubscribeBody.safeParse({ ...sub, keys: { ...sub.keys, auth: 'a+'.repeat(11) } }).success,
    ).toBe(false)
    expect(
      pushSubscribeBody.safeParse({ ...sub, endpoint: 'ftp://push.example/abc' }).success,
    ).toBe(false)
  })

  it('grid suggestions, history, notices and operation log lists', () => {
    expect(gridSelectQuery.parse({ type: ' Customer ' })).toEqual({ type: 'Customer', limit: 10 })
    expect(gridSelectQuery.safeParse({ type: 'Customer', limit: '21' }).success).toBe(false)
    expect(productionSelectQuery.parse({})).toEqual({ type: 'workshop', limit: 10 })
    expect(historyListBody.parse({ recordType: 'Order', recordId: 7 })).toEqual({
      recordType: 'Order',
      recordId: '7',
      pageSize: 20,
    })
    expect(historyListBody.safeParse({ recordType: 'Order', recordId: ' ' }).success).toBe(false)
    expect(noticeListBody.parse({})).toEqual({ pageIndex: 1, pageSize: 10, isAll: true })
    expect(noticeListBody.safeParse({ createType: 5 }).success).toBe(false)
    expect(noticeTypes.map((t) => noticeTargetPath[t]).every(isStaffScreen)).toBe(true)
    expect(wsClientMessage.safeParse({ type: 'auth', token: '' }).success).toBe(false)
    expect(logListBody.parse({ from: ' 2026-01-02 ' }).from).toBe('2026-01-02')
    expect(logListBody.safeParse({ from: '2026-1-2' }).error?.issues[0]?.message).toBe('date')
  })

  it('visitor messages, supplier forms, phone codes and saves', () => {
    expect(
      leavingRow.parse({
        Id: 1,
        Name: 'a',
        Phone: '',
        Email: '',
        Company: '',
        Message: 'm',
        Handled: false,
        CreateTime: '',
      }),
    ).toMatchObject({ Reply: '', RepliedBy: '', RepliedAt: '' })
    expect(leavingUpdateRecord.safeParse({ Id: 0 }).error?.issues[0]?.message).toBe(
      'recordNotFound',
    )
    const form = { Company: '锻造厂', Contact: '李雷', Phone: '13912345678' }
    expect(supplierFormFields.parse(form)).toEqual({
      ...form,
      Email: '',
      Address: '',
      Products: '',
      Message: '',
    })
    expect(supplierApplyFields.safeParse(form).success).toBe(false)
    expect(
      supplierApplyFields.safeParse({ ...form, Products: '法兰', Area: ['110000', '110100'] })
        .success,
    ).toBe(true)
    expect(
      sendSmsCodeBody.safeParse({ mobile: '13912345678', purpose: 'reset' }).error?.issues[0]
        ?.message,
    ).toBe('choose')
    expect(postCommonBody.safeParse({ postUrl: 'S', postData: {} }).success).toBe(false)
    expect(postCommonBody.safeParse({ postUrl: 'SaveOrder', postData: {} }).success).toBe(true)
    expect(wechatUserUpdate.safeParse({ Id: 1 }).error?.issues[0]?.message).toBe('required')
    expect(wxUnbindBody.parse({ WechatUserId: '3' })).toEqual({ WechatUserId: 3 })
    expect(
      wxAuthorizeQuery.safeParse({ redirectUri: 'https://a.example/cb', state: 'short' }).success,
    ).toBe(false)
  })
})

describe('the staff menu every installation starts with (DESIGN §3)', () => {
  const leaves = (items: SeedItem[]): SeedItem[] =>
    items.flatMap((i) => (i.children ? leaves(i.children) : [i]))
  it('each page is a staff screen named by its path; each group opens its first page', () => {
    for (const leaf of leaves(staffMenu)) {
      expect(isStaffScreen(leaf.path), leaf.path).toBe(true)
      expect(leaf.component).toBe(leaf.path.slice(1))
    }
    for (const group of staffMenu) {
      expect(group.component).toBe('Layout')
      expect(group.redirect).toBe(group.children![0]!.path)
    }
  })
  it('groups carry the permissions of their area', () => {
    const byPath = new Map(staffMenu.map((g) => [g.path, g]))
    expect(byPath.get('/admin')?.permission).toEqual(contentPermission)
    expect(byPath.get('/order')?.permission).toEqual(ordersPermission)
    expect(byPath.get('/system')?.permission).toEqual(['admin'])
    expect(auditPermission).toEqual({ ability: ['AUDIT'] })
  })
})
