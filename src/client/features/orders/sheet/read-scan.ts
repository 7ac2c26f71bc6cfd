import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { readOrderLink, type OrderRef } from './order-link.ts'

/** What a scanned QR code leads to: one of our orders, or a refusal to show. */
export type ScanOutcome = { order: OrderRef } | { refused: MessageDescriptor }

/** Longest part of a foreign code's text repeated in the refusal. */
const shownChars = 80

/**
 * A QR code's text: an order link of this app (see `readOrderLink`) opens the order; any other
 * text (another site, another page of ours, plain text) is refused and the message says so.
 */
export function readScan(text: string, origin: string, base: string): ScanOutcome {
  const order = readOrderLink(text, origin, base)
  if (order) return { order }
  const shown = text.length > shownChars ? `${text.slice(0, shownChars)}…` : text
  return {
    refused: msg`This QR code is not one of our order sheets (it holds "${shown}"). Scan the code printed on an order sheet, or type the order number.`,
  }
}
