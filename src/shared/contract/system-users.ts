import { z } from 'zod'
import { baseVersionField, rowVersionField } from './row-version.ts'
import { envelope, looseBoolean, page, pageQuery } from './envelope.ts'
import { recordId } from './content-fields.ts'
import { newPasswordMin } from './auth.ts'

/** One account as `User/GetList` answers it (SPEC §3 user-management row). */
export const userRow = z.object({
  Id: z.number().int(),
  LoginName: z.string(),
  RealName: z.string(),
  NickName: z.string(),
  Mobile: z.string(),
  Email: z.string(),
  Role: z.string(),
  DepartmentId: z.number().int().nullable(),
  DepartmentName: z.string(),
  /** the department's English name ('' = use DepartmentName) */
  DepartmentNameEn: z.string(),
  Ban: z.boolean(),
  MustChangePassword: z.boolean(),
  CreateTimeString: z.string(),
  ...rowVersionField,
})
export type UserRow = z.infer<typeof userRow>

/** `POST User/GetList` (admin): accounts by keyword (login, name, mobile, e-mail), role, department, ban. */
export const userListBody = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  role: z.string().trim().max(32).optional(),
  departmentId: z.coerce.number().int().positive().optional(),
  ban: looseBoolean.optional(),
})
export type UserListBody = z.output<typeof userListBody>
export const userListResponse = envelope(page(userRow))

const loginName = z
  .string({ message: 'required' })
  .trim()
  .min(3, 'userNameFormat')
  .max(32, 'userNameFormat')
  .regex(/^[A-Za-z0-9_.\-\u4e00-\u9fa5]+$/, 'userNameFormat')
const password = z
  .string({ message: 'required' })
  .min(newPasswordMin, 'passwordTooShort')
  .max(200, 'tooLong')
const shortText = (max: number) => z.string().trim().max(max, 'tooLong')
const mobile = z
  .string()
  .trim()
  .refine((v) => v === '' || /^1\d{10}$/.test(v), 'phone')
const email = z
  .string()
  .trim()
  .max(100, 'tooLong')
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'email')
const role = z.string().trim().max(32, 'roleNotFound')
const departmentId = recordId.nullable()

/**
 * PostCommon `SaveUser` (admin): insert `{LoginName, RealName, Role, DepartmentId, Password,
 * Mobile?, Email?}` (the new account must change its password at first sign-in); update
 * `{Id, RealName?, NickName?, Mobile?, Email?, Role?, DepartmentId?, Ban?}`.
 */
export const userInsert = z.object({
  LoginName: loginName,
  RealName: shortText(50).default(''),
  Mobile: mobile.default(''),
  Email: email.default(''),
  Role: role,
  DepartmentId: departmentId.default(null),
  Password: password,
})
export const userUpdate = z.object({
  Id: recordId,
  RealName: shortText(50).optional(),
  NickName: shortText(50).optional(),
  Mobile: mobile.optional(),
  Email: email.optional(),
  Role: role.optional(),
  DepartmentId: departmentId.optional(),
  Ban: z.boolean().optional(),
  ...baseVersionField,
})

/** PostCommon `ResetUserPassword` (admin): `{Id, Password}`; the user must change it at next sign-in. */
export const userPasswordReset = z.object({ Id: recordId, Password: password, ...baseVersionField })
