import { z } from 'zod'
import type { Requirement } from '../acl.ts'
import { envelope } from './envelope.ts'
import { rowVersion } from './row-version.ts'

/** Route/menu item meta (SPEC §3); `title` is the English source title, `titleZh` the Chinese one. */
export const menuMeta = z.object({
  title: z.string(),
  titleZh: z.string().optional(),
  icon: z.string().optional(),
  badge: z.union([z.string(), z.number()]).optional(),
  dot: z.boolean().optional(),
  /** '_blank' opens the item in a new browser tab */
  target: z.string().optional(),
  noClosable: z.boolean().optional(),
  noKeepAlive: z.boolean().optional(),
  tabHidden: z.boolean().optional(),
  dynamicNewTab: z.boolean().optional(),
  /** path of the menu item highlighted while this route is open */
  activeMenu: z.string().optional(),
})
export type MenuMeta = z.infer<typeof menuMeta>

const accessMode = z.enum(['oneOf', 'allOf', 'except'])

/** A shared/acl Requirement: a role list, or `{role?, ability?, mode?}`. */
export const requirement: z.ZodType<Requirement> = z.union([
  z.array(z.string()),
  z.object({
    role: z.array(z.string()).optional(),
    ability: z.array(z.string()).optional(),
    mode: accessMode.optional(),
  }),
])

/**
 * Route/menu item with the field names of SPEC §3. Paths of leaves are absolute; groups are
 * virtual paths (`/supplier`) that redirect to a child. The admin list also carries `id`,
 * `sort`, `permission` (null: any signed-in user) and `RowVersion` (DESIGN §11).
 */
export const menuItem = z
  .object({
    id: z.number().int().optional(),
    path: z.string(),
    name: z.string(),
    component: z.string(),
    redirect: z.string().optional(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    menuHidden: z.boolean(),
    meta: menuMeta,
    sort: z.number().int().optional(),
    permission: requirement.nullable().optional(),
    RowVersion: rowVersion.optional(),
    get children(): z.ZodOptional<z.ZodArray<typeof menuItem>> {
      return z.array(menuItem).optional()
    },
  })
  // a named component of the published contract: a recursive schema is only referable by name
  .meta({ id: 'MenuItem' })
export type MenuItem = z.infer<typeof menuItem>

export const menuList = z.array(menuItem)

/** `POST {API_PREFIX}/Menu/GetUserMenuList` and `Menu/GetList`: no filters. */
export const menuListBody = z.object({}).loose().optional()

/** The signed-in user's menu tree, filtered by permission on the server. */
export const userMenuListResponse = envelope(menuList)

/** `Menu/GetList` (admin): the whole tree with ids, sort and permissions. */
export const menuAdminListResponse = envelope(menuList)
