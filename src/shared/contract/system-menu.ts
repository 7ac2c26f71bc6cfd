import { z } from 'zod'
import { baseVersionField } from './row-version.ts'
import { componentKeys, groupComponent, isStaffScreen } from '../staff-screens.ts'
import { idRecord, optText, recordId, sortOrder, text } from './content-fields.ts'

/**
 * PostCommon `SaveMenu` (admin): the menu tree `Menu/GetList` and `Menu/GetUserMenuList` serve,
 * with every route field of SPEC §3. A page names a staff screen of the client (its path, and
 * its path without the slash as component key); a group uses the `Layout` component and a
 * path of its own. Anything else is refused, so a broken entry cannot break the shell.
 */
const screenOrEmpty = (code: string) =>
  z
    .string({ message: code })
    .trim()
    .refine((v) => v === '' || isStaffScreen(v), code)

export const menuMetaInput = z.object({
  title: text(64),
  titleZh: optText(64).optional(),
  icon: z
    .string({ message: 'tooLong' })
    .trim()
    .regex(/^[a-z0-9-]{0,32}$/, 'tooLong')
    .optional(),
  badge: z
    .union([z.string().trim().max(16, 'tooLong'), z.number().int().min(0).max(99_999)])
    .optional(),
  dot: z.boolean().optional(),
  target: z.enum(['', '_blank'], { message: 'invalid' }).optional(),
  noClosable: z.boolean().optional(),
  noKeepAlive: z.boolean().optional(),
  tabHidden: z.boolean().optional(),
  dynamicNewTab: z.boolean().optional(),
  activeMenu: screenOrEmpty('menuPath').optional(),
})

const menuFields = {
  /** null: a top-level entry; otherwise a group */
  ParentId: recordId.nullable(),
  Path: z.string({ message: 'menuPath' }).trim().min(1, 'menuPath').max(200, 'menuPath'),
  Name: z
    .string({ message: 'menuName' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, 'menuName'),
  Component: z
    .string({ message: 'menuComponent' })
    .trim()
    .refine((v) => componentKeys.includes(v), 'menuComponent'),
  Redirect: screenOrEmpty('menuRedirect'),
  Hidden: z.boolean(),
  AlwaysShow: z.boolean(),
  MenuHidden: z.boolean(),
  /** every signed-in user has it whatever their role; otherwise only roles holding it */
  Open: z.boolean(),
  Meta: menuMetaInput,
  Sort: sortOrder,
}

const groupPath = /^\/[A-Za-z0-9_-]*$/

/** Path and component agree: a group has its own path, a page is the screen of its component. */
export function menuShapeError(v: { Path?: string; Component?: string }): 'menuPath' | undefined {
  if (v.Path === undefined || v.Component === undefined) return undefined
  if (v.Component === groupComponent)
    return groupPath.test(v.Path) && !isStaffScreen(v.Path) ? undefined : 'menuPath'
  return v.Path === `/${v.Component}` ? undefined : 'menuPath'
}

export const menuInsert = z
  .object({ ...menuFields, Sort: sortOrder.optional(), Redirect: menuFields.Redirect.default('') })
  .superRefine((v, ctx) => {
    const e = menuShapeError(v)
    if (e) ctx.addIssue({ code: 'custom', path: ['Path'], message: e })
  })
/** update by Id; absent fields stay (path and component are checked together on the server) */
export const menuUpdate = z
  .object(menuFields)
  .partial()
  .extend({ Id: recordId, ...baseVersionField })
export const menuRemove = idRecord
export type MenuInsert = z.infer<typeof menuInsert>
export type MenuUpdate = z.infer<typeof menuUpdate>
