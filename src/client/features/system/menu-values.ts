import type { MenuItem } from '#shared/contract/menu'
import { groupComponent } from '#shared/staff-screens'

/** The flags of an entry the form shows as checkboxes. */
export type Flags =
  | 'Hidden'
  | 'AlwaysShow'
  | 'MenuHidden'
  | 'Open'
  | 'dot'
  | 'noClosable'
  | 'noKeepAlive'
  | 'tabHidden'

/** The form's values of an entry: its route fields, `Meta` and flags side by side. */
export function valuesOf(item: MenuItem | undefined, parentId: number | null) {
  const m = item?.meta
  return {
    kind: (item && item.component === groupComponent ? 'group' : 'page') as 'group' | 'page',
    ParentId: parentId,
    Path: item?.path ?? '',
    Name: item?.name ?? '',
    Redirect: item?.redirect ?? '',
    title: m?.title ?? '',
    titleZh: m?.titleZh ?? '',
    icon: m?.icon ?? '',
    badge: m?.badge === undefined ? '' : String(m.badge),
    target: m?.target ?? '',
    activeMenu: m?.activeMenu ?? '',
    Hidden: item?.hidden ?? false,
    AlwaysShow: item?.alwaysShow ?? false,
    MenuHidden: item?.menuHidden ?? false,
    Open: item ? item.permission === null || item.permission === undefined : false,
    dot: m?.dot ?? false,
    noClosable: m?.noClosable ?? false,
    noKeepAlive: m?.noKeepAlive ?? false,
    tabHidden: m?.tabHidden ?? false,
  }
}
