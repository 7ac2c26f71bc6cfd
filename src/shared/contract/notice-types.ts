/** Notice types (SPEC §3): 0 purchase, 1 outsourcing, 2 order, 3 shipment. No zod here: start-up code uses them. */
export const noticeTypes = [0, 1, 2, 3] as const
export type NoticeType = (typeof noticeTypes)[number]
