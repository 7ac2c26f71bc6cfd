/** Roles every installation starts with (SPEC §6 admin and editor, plus shop-floor staff). */
export const builtinRoles = [
  {
    code: 'admin',
    name: '管理员',
    name_en: 'Administrator',
    abilities: JSON.stringify(['READ', 'WRITE', 'AUDIT', 'ADMIN']),
    builtin: 1,
  },
  {
    code: 'editor',
    name: '内容编辑',
    name_en: 'Content editor',
    abilities: JSON.stringify(['READ', 'CONTENT']),
    builtin: 1,
  },
  {
    code: 'staff',
    name: '车间员工',
    name_en: 'Shop-floor staff',
    abilities: JSON.stringify(['READ', 'ORDERS']),
    builtin: 1,
  },
]
