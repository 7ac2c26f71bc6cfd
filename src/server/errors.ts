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
