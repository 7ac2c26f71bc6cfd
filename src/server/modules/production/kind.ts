import {
  productionReportInsert,
  productionReportRow,
  productionReportUpdate,
} from '#shared/contract/production'
import { ordersPermission } from '../../permissions.ts'
import type { GridKind } from '../orders/grid-kind.ts'

/** Production reports: `ProductionReport/GetList`, `/Get`, PostCommon `SaveProductionReport`, `AuditProductionReport`. */
export const productionReportKind: GridKind = {
  name: 'ProductionReport',
  table: 'production_report',
  label: { zh: '生产报表', en: 'production report' },
  fields: {
    ReportDateString: ['report_date', 'text'],
    Workshop: ['workshop', 'text'],
    Process: ['process', 'text'],
    Operator: ['operator', 'text'],
    OutputQuantity: ['output_quantity', 'int'],
    ScrapQuantity: ['scrap_quantity', 'int'],
    Remark: ['remark', 'text'],
  },
  order: 'optional',
  search: ['workshop', 'process', 'operator', 'remark'],
  row: productionReportRow,
  insert: productionReportInsert,
  update: productionReportUpdate,
  permission: ordersPermission,
  menu: ['/production/report'],
}
