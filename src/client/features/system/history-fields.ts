import { t } from '@lingui/core/macro'
import type { HistoryField } from '#client/components/history/history-entry'
import { yesNoField } from '#client/components/history/form-history-fields'

type Name = (value: unknown) => string

const listOf = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value
  try {
    const v = JSON.parse(String(value)) as unknown
    return Array.isArray(v) ? v : []
  } catch {
    return []
  }
}

/** The history fields of a user account, labelled as the user form labels them. */
export const userHistoryFields = (roleName: Name, departmentName: Name): HistoryField[] => [
  { key: 'LoginName', label: t`User name` },
  { key: 'RealName', label: t`Real name` },
  { key: 'NickName', label: t`Nickname` },
  { key: 'Mobile', label: t`Mobile` },
  { key: 'Email', label: t`E-mail` },
  { key: 'Role', label: t`Role`, format: roleName },
  { key: 'DepartmentId', label: t`Department`, format: departmentName },
  yesNoField('Ban', t`Banned`),
  yesNoField('MustChangePassword', t`must change password`),
  { key: 'Avatar', label: t`Avatar` },
]

/** A role's history fields, as the role form labels them; menu entries by their titles. */
export const roleHistoryFields = (menuName: Name): HistoryField[] => [
  { key: 'Code', label: t`Code` },
  { key: 'Name', label: t`Name (Chinese)` },
  { key: 'NameEn', label: t`Name (English)` },
  { key: 'Abilities', label: t`Abilities`, format: (v) => listOf(v).join(' · ') },
  { key: 'MenuIds', label: t`Menu entries`, format: (v) => listOf(v).map(menuName).join(', ') },
  {
    key: 'Permissions',
    label: t`Permission strings (one per line, e.g. button-add-show-false or column-UnitPrice-show-false)`,
    format: (v) => listOf(v).join(', '),
  },
  yesNoField('Builtin', t`built-in`),
]

/** A department's history fields, as the department form labels them. */
export const departmentHistoryFields = (departmentName: Name): HistoryField[] => [
  { key: 'Name', label: t`Department name (Chinese)` },
  { key: 'NameEn', label: t`Department name (English, optional)` },
  { key: 'ParentId', label: t`Parent department`, format: departmentName },
  { key: 'Sort', label: t`Sort order` },
]

/** A menu entry's history fields, as the menu form labels them. */
export const menuHistoryFields = (menuName: Name): HistoryField[] => [
  { key: 'ParentId', label: t`Parent group`, format: menuName },
  { key: 'Path', label: t`Path` },
  { key: 'Name', label: t`Route name` },
  { key: 'Component', label: t`Screen (path and component)` },
  { key: 'Redirect', label: t`Redirect` },
  yesNoField('Hidden', t`Hidden`),
  yesNoField('AlwaysShow', t`Always show as a group`),
  yesNoField('MenuHidden', t`Replaced by its children in the menu`),
  yesNoField('Open', t`Every signed-in user`),
  { key: 'Meta', label: t`Options` },
  { key: 'Sort', label: t`Sort order` },
  { key: 'Permission', label: t`Permission` },
]
