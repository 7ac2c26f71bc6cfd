/**
 * Notice types (SPEC §3): 0 purchase, 1 outsourcing, 2 order, 3 shipment; 4 a supplier sent the
 * public supplier form (`/supplier-apply`). No zod here: start-up code uses them.
 */
export const noticeTypes = [0, 1, 2, 3, 4] as const
export type NoticeType = (typeof noticeTypes)[number]
