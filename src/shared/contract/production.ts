import { z } from 'zod'
import { baseVersionField } from './row-version.ts'
import { envelope } from './envelope.ts'
import { auditedRowFields, gridDay, gridQuantity, gridText, recordId } from './grid-fields.ts'

/**
 * Production reports (SPEC §7 `ProductionReport/*`): daily output and scrap of a workshop,
 * optionally for an order (OrderId 0 and OrderNo '' when not). Saved with PostCommon
 * `SaveProductionReport`; listed with the grid list body of grid-fields.ts.
 */
export const productionReportRow = z.object({
  ...auditedRowFields,
  OrderId: z.number().int(),
  OrderNo: z.string(),
  ReportDateString: z.string(),
  Workshop: z.string(),
  Process: z.string(),
  Operator: z.string(),
  OutputQuantity: z.number().int(),
  ScrapQuantity: z.number().int(),
})
export type ProductionReportRow = z.infer<typeof productionReportRow>

const reportFields = {
  OrderId: z.preprocess(
    (v) =>
      v === null || v === '' || v === 0 || v === '0'
        ? undefined
        : typeof v === 'string'
          ? Number(v)
          : v,
    z
      .number({ message: 'orderNotFound' })
      .int('orderNotFound')
      .positive('orderNotFound')
      .optional(),
  ),
  OrderNo: gridText(50),
  Process: gridText(50),
  Operator: gridText(50),
  OutputQuantity: gridQuantity,
  ScrapQuantity: gridQuantity,
  Remark: gridText(500),
}
const workshopName = z.preprocess(
  (v) => v ?? '',
  z.string().trim().min(1, 'required').max(50, 'tooLong'),
)

export const productionReportInsert = z.object({
  ReportDateString: gridDay,
  Workshop: workshopName,
  ...reportFields,
})
export const productionReportUpdate = z.object({
  Id: recordId,
  ReportDateString: gridDay.optional(),
  Workshop: workshopName.optional(),
  ...reportFields,
  ...baseVersionField,
})

/** Whether `YYYY-MM-DD` names a day of the calendar (month 1-12, a day its month has, year 1 or later). */
export const isCalendarDay = (s: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return false
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (year < 1 || month < 1 || month > 12 || date < 1) return false
  const d = new Date(0)
  d.setUTCFullYear(year, month, 0)
  return date <= d.getUTCDate()
}

/** A day of the chart's range: a real calendar day, else the field message `date` (i18n). */
const calendarDay = z.string().refine(isCalendarDay, 'date')

/**
 * `POST {API_PREFIX}/ProductionReport/GetChartList`: output and scrap per day and workshop
 * between startDate and endDate (YYYY-MM-DD, inclusive; default the last 30 days).
 */
export const productionChartBody = z.object({
  startDate: calendarDay.optional(),
  endDate: calendarDay.optional(),
  workshop: z.string().trim().max(50).optional(),
})
export const productionChartPoint = z.object({
  DateString: z.string(),
  Workshop: z.string(),
  OutputQuantity: z.number().int(),
  ScrapQuantity: z.number().int(),
})
export const productionChartResponse = envelope(
  z.object({ result: z.array(productionChartPoint), workshops: z.array(z.string()) }),
)
