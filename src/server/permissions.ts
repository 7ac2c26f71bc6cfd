import type { Requirement } from '#shared/acl'

/** Permissions staff endpoints declare (abilities of the seeded roles; admin passes all). */
export const contentPermission: Requirement = { ability: ['CONTENT'] }
export { auditPermission, ordersPermission } from '#shared/permissions'
export const adminPermission: Requirement = ['admin']
/** Image uploads: content editors and order staff (photos of order records). */
export const uploadPermission: Requirement = { ability: ['CONTENT', 'ORDERS'], mode: 'oneOf' }
