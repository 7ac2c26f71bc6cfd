import type { Notice, NoticeType } from '#shared/contract/notices'
import type { Lang } from './reply.ts'

type MockNotice = {
  Id: number
  CreateType: NoticeType
  OrderId: number
  OrderNo: string
  zh: string
  en: string
  minutesAgo: number
  read: boolean
}

/** The mock notices (SPEC §3 notice fields): one or more of each type, the newest first. */
const mockNotices: readonly MockNotice[] = [
  {
    Id: 6,
    CreateType: 2,
    OrderId: 3,
    OrderNo: 'SO-2025-003',
    zh: '订单 SO-2025-003 已创建，待审核',
    en: 'Order SO-2025-003 was created and waits for audit',
    minutesAgo: 5,
    read: false,
  },
  {
    Id: 5,
    CreateType: 0,
    OrderId: 2,
    OrderNo: 'SO-2025-002',
    zh: '采购单 PO-0417（订单 SO-2025-002）待审核',
    en: 'Purchase PO-0417 (order SO-2025-002) waits for audit',
    minutesAgo: 42,
    read: false,
  },
  {
    Id: 4,
    CreateType: 1,
    OrderId: 2,
    OrderNo: 'SO-2025-002',
    zh: '外协加工 OS-0208（订单 SO-2025-002）已审核通过',
    en: 'Outsourcing OS-0208 (order SO-2025-002) passed audit',
    minutesAgo: 180,
    read: false,
  },
  {
    Id: 3,
    CreateType: 3,
    OrderId: 1,
    OrderNo: 'SO-2025-001',
    zh: '发货单 SH-0112（订单 SO-2025-001）已发出',
    en: 'Shipment SH-0112 (order SO-2025-001) has left',
    minutesAgo: 26 * 60,
    read: true,
  },
  {
    Id: 2,
    CreateType: 2,
    OrderId: 1,
    OrderNo: 'SO-2025-001',
    zh: '订单 SO-2025-001 已审核通过',
    en: 'Order SO-2025-001 passed audit',
    minutesAgo: 50 * 60,
    read: true,
  },
]

/** Every mock notice as the contract has it, in the request's language, read state per user. */
export function noticesFor(lang: Lang, readIds: ReadonlySet<number>, now: number): Notice[] {
  return mockNotices.map((n) => ({
    Id: n.Id,
    Msg: n[lang],
    CreateTimeString: new Date(now - n.minutesAgo * 60_000).toISOString(),
    IsRead: n.read || readIds.has(n.Id),
    CreateType: n.CreateType,
    OrderId: n.OrderId,
    OrderNo: n.OrderNo,
  }))
}

export const mockNoticeIds = new Set(mockNotices.map((n) => n.Id))
