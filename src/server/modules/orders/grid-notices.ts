import type { GridKind } from './grid-kind.ts'

type Text = { msg: string; msgEn: string }

/** Notice text for a new record of a kind (SPEC §2: creating announces it). */
export function createdText(kind: GridKind, orderNo: string, values: Record<string, unknown>): Text {
  const d = kind.describe?.(values)
  if (kind.order === 'self')
    return {
      msg: `新订单 ${orderNo} 已录入${d ? `：${d.zh}` : ''}，请审核。`,
      msgEn: `New order ${orderNo} entered${d ? `: ${d.en}` : ''}, awaiting approval.`,
    }
  return {
    msg: `订单 ${orderNo} 新增${kind.label.zh}${d ? `：${d.zh}` : ''}，请审核。`,
    msgEn: `New ${kind.label.en} for order ${orderNo}${d ? `: ${d.en}` : ''}, awaiting approval.`,
  }
}

/** Notice text for an audit: passed, or not passed with the comment. */
export function auditedText(kind: GridKind, orderNo: string, passed: boolean, comment: string): Text {
  const what = kind.order === 'self' ? `订单 ${orderNo}` : `订单 ${orderNo} 的${kind.label.zh}`
  const whatEn = kind.order === 'self' ? `Order ${orderNo}` : `The ${kind.label.en} of order ${orderNo}`
  return passed
    ? { msg: `${what}已审核通过。`, msgEn: `${whatEn} was approved.` }
    : {
        msg: `${what}审核未通过：${comment}`,
        msgEn: `${whatEn} was not approved: ${comment}`,
      }
}
