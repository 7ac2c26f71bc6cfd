import { z } from 'zod'
import { baseVersionField, rowVersionField } from './row-version.ts'
import { parseGridPermission } from '../acl.ts'
import { envelope, page } from './envelope.ts'
import { text } from './content-fields.ts'

/** Abilities a role may hold (SPEC §6 ability list); staff endpoints declare which they need. */
export const abilityCodes = ['READ', 'WRITE', 'AUDIT', 'CONTENT', 'ORDERS', 'ADMIN'] as const

/** The built-in role that keeps every permission and cannot be removed or stripped. */
export const adminRoleCode = 'admin'

export const roleCode = z
  .string({ message: 'roleCode' })
  .trim()
  .regex(/^[a-z][a-z0-9_-]{1,31}$/, 'roleCode')

const ability = z.enum(abilityCodes, { message: 'ability' })
const gridPermission = z
  .string({ message: 'gridPermission' })
  .trim()
  .refine((s) => parseGridPermission(s) !== undefined, 'gridPermission')
const menuId = z.number({ message: 'menuNotFound' }).int().positive('menuNotFound')

/** One role as `Role/GetList` answers it. */
export const roleRow = z.object({
  Code: z.string(),
  Name: z.string(),
  NameEn: z.string(),
  Abilities: z.array(z.string()),
  /** grid permission strings (SPEC §6), e.g. `button-add-show-true` */
  Permissions: z.array(z.string()),
  /** ids of the menu entries the role holds (admin: every entry) */
  MenuIds: z.array(z.number().int()),
  Builtin: z.boolean(),
  UserCount: z.number().int(),
  ...rowVersionField,
})
export type RoleRow = z.infer<typeof roleRow>

export const roleListBody = z.object({}).loose().optional()
export const roleListResponse = envelope(page(roleRow))

const roleFields = {
  Name: text(32),
  NameEn: text(64),
  Abilities: z.array(ability).max(abilityCodes.length),
  Permissions: z.array(gridPermission).max(200),
  MenuIds: z.array(menuId).max(1000),
}

/** PostCommon `SaveRole`: insert `{Code, Name, NameEn, Abilities, Permissions, MenuIds}`. */
export const roleInsert = z.object({ Code: roleCode, ...roleFields })
/** update by Code (the code itself cannot change); absent fields stay as they are */
export const roleUpdate = z
  .object(roleFields)
  .partial()
  .extend({ Code: z.string({ message: 'roleNotFound' }), ...baseVersionField })
export const roleRemove = z.object({
  Code: z.string({ message: 'roleNotFound' }),
  ...baseVersionField,
})
export type RoleInsert = z.infer<typeof roleInsert>
export type RoleUpdate = z.infer<typeof roleUpdate>
