import type { OrderRow } from '#shared/contract/orders'
import type { LeavingRow } from '#shared/contract/leaving-admin'

const day = (d: number) => new Date(Date.UTC(2025, 2, d, 8)).toISOString()

const order = (
  Id: number,
  OrderNo: string,
  Customer: string,
  PartName: string,
  Quantity: number,
  UnitPrice: number,
  AuditStatus: number,
): OrderRow => ({
  Id,
  AuditStatus,
  AuditComment: '',
  AuditTimeString: AuditStatus === 0 ? '' : day(Id + 1),
  Remark: '',
  CreateTimeString: day(Id),
  RowVersion: 1,
  Drawing: [],
  OrderNo,
  Customer,
  PartName,
  Quantity,
  UnitPrice,
  TotalSum: Math.round(Quantity * UnitPrice * 1000) / 1000,
  PriceSign: '¥',
  JobStartTimeString: day(Id + 3),
  RoughForging: Id % 2 === 1,
  Workshop: Id % 2 === 1 ? 1 : 2,
  WorkshopSupervisor: '王工',
  MaterialQuantity: Quantity * 2.5,
  MaterialPrice: 6.8,
  CustomerArea: '',
})

/** Mock orders (the ones the mock notices point to); two wait for their audit. */
export const mockOrders: readonly OrderRow[] = [
  order(3, 'SO-2025-003', '东风汽车零部件', '转向节', 800, 42.5, 0),
  order(2, 'SO-2025-002', '一汽解放', '曲轴', 300, 318, 0),
  order(1, 'SO-2025-001', '潍柴动力', '齿圈毛坯', 1200, 27.35, 1),
]

/** Mock visitor messages (the dashboard counts the unhandled ones). */
export const mockLeaving: readonly LeavingRow[] = [
  {
    Id: 2,
    Name: '李先生',
    Phone: '13800000002',
    Email: 'li@example.com',
    Company: '某汽配公司',
    Message: '请报价 40Cr 曲轴毛坯，年用量约 5000 件。',
    Handled: false,
    CreateTime: day(9),
    Reply: '',
    RepliedBy: '',
    RepliedAt: '',
  },
  {
    Id: 1,
    Name: 'Anna Berg',
    Phone: '+46 70 000 0001',
    Email: 'anna@example.com',
    Company: 'Nordic Axles AB',
    Message: 'Do you supply machined knuckles to Europe?',
    Handled: false,
    CreateTime: day(8),
    Reply: '',
    RepliedBy: '',
    RepliedAt: '',
  },
]
