import type { FastifyInstance, FastifyRequest } from 'fastify'
import { can, subjectOf, type Requirement, type Subject } from '#shared/acl'
import { Code } from '#shared/contract/codes'
import { AppError } from '../errors.ts'
import { hashToken } from '../modules/auth/session-repository.ts'
import { loadSignInState } from '../modules/auth/sign-in-state.ts'
import { writeLog } from '../modules/system/log-repository.ts'

export type CurrentUser = {
  id: number
  loginName: string
  role: string
  sessionId: number
  familyId: string
  subject: Subject
  /** a password set by an administrator: only 'signedIn' calls (User/Get, ModifyMyPass...) until changed */
  mustChangePassword: boolean
  /** the role's grid permission strings (roles.permissions), read with the session */
  permissions: readonly string[]
  /** the screens (menu paths) the role holds, read with the session */
  screens: ReadonlySet<string>
}

/**
 * Whether the user may use an endpoint serving these screens (its `menu` in the route table):
 * admin always; anyone else when their role holds a menu entry of one of them.
 */
export function userMayUseScreens(
  user: Pick<CurrentUser, 'subject' | 'screens'>,
  screens: readonly string[] | undefined,
): boolean {
  if (user.subject.admin || !screens || screens.length === 0) return true
  return screens.some((s) => user.screens.has(s))
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call this route: 'signedIn' for any signed-in user, or a requirement
     * checked with shared/acl `can`. Routes without it are public.
     */
    permission?: 'signedIn' | Requirement
    /**
     * The staff screens (menu paths, shared/staff-screens) this endpoint serves: besides the
     * permission, a non-admin role must hold the menu entry of one of them (system settings).
     */
    menu?: readonly string[]
  }
  interface FastifyRequest {
    user: CurrentUser | null
  }
  interface FastifyInstance {
    /** every route with its declared permission, for audits and the authorization tests */
    permissionTable: PermissionEntry[]
  }
}

export type PermissionEntry = {
  method: string
  url: string
  permission: 'signedIn' | Requirement | undefined
  menu: readonly string[] | undefined
}

/** The access token of a request: `Authorization: Bearer …`, else the `token` header. */
export function accessTokenOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined
  const token = req.headers.token
  return (Array.isArray(token) ? token[0] : token) || undefined
}

/**
 * Resolves the session of every request that carries a token, and enforces the route's
 * declared permission: no or unknown token 401, expired token 10001, denied 403.
 * Session, user, role, abilities, screens and permissions are read in one statement (one round
 * trip on PostgreSQL) and kept per token in the sign-in cache (no statement on a hit), which any
 * change to their tables empties on every instance (SignInCache), so changes take effect at once.
 */
export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('user', null)
  const table: PermissionEntry[] = []
  app.decorate('permissionTable', table)
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD')
        table.push({ method, url: r.url, permission: r.config?.permission, menu: r.config?.menu })
    }
  })
  app.addHook('onRequest', async (req) => {
    const permission = req.routeOptions.config.permission
    if (!permission) return
    const token = accessTokenOf(req)
    if (!token) throw new AppError(Code.unauthorized, 'unauthorized')
    const { db, signIns, dialect } = app.deps.db
    const s = await signIns.read(hashToken(token), () => loadSignInState(db, dialect, token))
    if (!s || s.revokedAt || s.ban) throw new AppError(Code.unauthorized, 'unauthorized')
    if (Date.parse(s.accessExpiresAt) <= Date.now())
      throw new AppError(Code.tokenExpired, 'tokenExpired')
    const subject = subjectOf(s.role, s.role ? s.abilities : [])
    const mustChangePassword = s.mustChangePassword === 1
    req.user = {
      id: s.userId,
      loginName: s.loginName,
      role: s.role,
      sessionId: s.sessionId,
      familyId: s.familyId,
      subject,
      mustChangePassword,
      permissions: s.role ? s.permissions : [],
      screens: new Set(s.screens),
    }
    if (mustChangePassword && permission !== 'signedIn')
      throw new AppError(Code.forbidden, 'mustChangePassword')
    const allowed =
      (permission === 'signedIn' || can(subject, permission)) &&
      userMayUseScreens(req.user, req.routeOptions.config.menu)
    if (!allowed) {
      await writeLog(app.deps.db.db, {
        account: s.loginName,
        operation: `${req.method} ${req.routeOptions.url ?? req.url}`,
        logType: 'system',
        result: 'permission denied',
        ip: req.ip,
      })
      throw new AppError(Code.forbidden, 'forbidden')
    }
  })
}
