import { subjectOf, type Subject } from '#shared/acl'
import type { UserInfo } from '#shared/contract/auth'

/** A mock account of SPEC §7 (`admin`, `editor`, `test`), each with its own token pair. */
export type MockAccount = UserInfo & { Token: string; RefreshToken: string }

const account = (
  LoginName: string,
  Role: string,
  RealName: string,
  Abilities: string[],
): MockAccount => ({
  LoginName,
  Role,
  RealName,
  Avatar: '/logo.svg',
  Abilities,
  MustChangePassword: false,
  Token: `mock-token-${LoginName}`,
  RefreshToken: `mock-refresh-${LoginName}`,
})

/**
 * SPEC §7 mock accounts; the password is not checked (SPEC §7 "password unchecked"), so any
 * password the sign-in form accepts works. Roles as the built-in ones of the server: `test`
 * is the shop-floor role, so the three accounts show the three menus.
 */
export const mockAccounts: readonly MockAccount[] = [
  account('admin', 'admin', '管理员', ['READ', 'WRITE', 'AUDIT', 'ADMIN']),
  account('editor', 'editor', '内容编辑', ['READ', 'CONTENT']),
  account('test', 'staff', '测试员', ['READ', 'ORDERS']),
]

export const accountByName = (name: string) => mockAccounts.find((a) => a.LoginName === name.trim())
export const accountByToken = (token: string | undefined) =>
  token ? mockAccounts.find((a) => a.Token === token) : undefined
export const accountByRefresh = (token: string | undefined) =>
  token ? mockAccounts.find((a) => a.RefreshToken === token) : undefined

/** The account of a request's `Authorization: Bearer` token. */
export const accountOf = (request: Request) =>
  accountByToken(request.headers.get('authorization')?.replace(/^Bearer /i, ''))

export const subjectOfAccount = (a: MockAccount): Subject => subjectOf(a.Role, a.Abilities)
