/**
 * Rule codes of the system settings (roles, menus, departments, users). A failing rule reports
 * a code; the server words it in zh/en (i18n.ts `systemFieldMessages`), the client shows it.
 */
export const systemErrorCodes = [
  'roleCode',
  'roleTaken',
  'roleNotFound',
  'roleInUse',
  /** the built-in admin role cannot be removed or lose abilities or menu entries */
  'adminRoleLocked',
  'ability',
  'gridPermission',
  'menuNotFound',
  'menuPath',
  'menuComponent',
  'menuRedirect',
  'menuParent',
  'menuName',
  'menuHasChildren',
  'departmentNotFound',
  'departmentNotEmpty',
  'departmentCycle',
  'loginTaken',
  /** an administrator cannot ban, demote or remove their own account */
  'ownAccount',
] as const
export type SystemErrorCode = (typeof systemErrorCodes)[number]

export const isSystemErrorCode = (v: string): v is SystemErrorCode =>
  (systemErrorCodes as readonly string[]).includes(v)
