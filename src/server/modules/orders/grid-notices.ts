import type { GridKind } from './grid-kind.ts'

type Text = { msg: string; msgEn: string }

/**
 * Notice text for a new record of a kind (SPEC §2: creating announces it). It names the order
 * and the kind of record only, never a column value: every recipient gets the same text, and a
 * column their role may not see (`column-Customer-show-false`) must not reach them through it.
 * The View link opens the record, where the grid shows what they may see.
 */
export function createdText(kind: GridKind, orderNo: string): Text {
  if (kind.order === 'self')
    return {
      msg: `新订单 ${orderNo} 已录入，请审核。`,
      msgEn: `New order ${orderNo} entered, awaiting approval.`,
    }
  return {
    msg: `订单 ${orderNo} 新增${kind.label.zh}，请审核。`,
    msgEn: `New ${kind.label.en} for order ${orderNo}, awaiting approval.`,
  }
}

/** Notice text for an audit: passed, or not passed with the comment. */
export function auditedText(
  kind: GridKind,
  orderNo: string,
  passed: boolean,
  comment: string,
): Text {
  const what = kind.order === 'self' ? `订单 ${orderNo}` : `订单 ${orderNo} 的${kind.label.zh}`
  const whatEn =
    kind.order === 'self' ? `Order ${orderNo}` : `The ${kind.label.en} of order ${orderNo}`
  return passed
    ? { msg: `${what}已审核通过。`, msgEn: `${whatEn} was approved.` }
    : {
        msg: `${what}审核未通过：${comment}`,
        msgEn: `${whatEn} was not approved: ${comment}`,
      }
}
