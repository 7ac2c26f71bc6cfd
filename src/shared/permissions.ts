import type { Requirement } from './acl.ts'

/** Permissions of the order screens, declared once for the server routes and the client toolbars. */
export const ordersPermission: Requirement = { ability: ['ORDERS'] }
/** Passing or rejecting orders and their records (SPEC §2 "Audit"). */
export const auditPermission: Requirement = { ability: ['AUDIT'] }
/** Editing the public website's content (carousel, products, contact, about, news, equipment, WeChat users). */
export const contentPermission: Requirement = { ability: ['CONTENT'] }
