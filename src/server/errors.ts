import { Code } from '#shared/contract/codes'
import type { MessageKey } from './i18n.ts'

/** An error whose code and message are safe to show to the caller. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly fieldErrors?: Record<string, string>,
    /** values of the message's `{name}` placeholders */
    readonly params?: Record<string, string | number>,
  ) {
    super(messageKey)
    this.name = 'AppError'
  }
}

export const notFound = () => new AppError(Code.notFound, 'notFound')

/**
 * 403 for an action the user's role hides (a grid button's call: save, add, delete, audit,
 * import, export). The error handler writes it to the operation log with `action`.
 */
export class DeniedAction extends AppError {
  constructor(
    readonly action: string,
    messageKey: MessageKey = 'forbidden',
    params?: Record<string, string | number>,
  ) {
    super(Code.forbidden, messageKey, undefined, params)
    this.name = 'DeniedAction'
  }
}
