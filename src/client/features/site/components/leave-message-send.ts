/**
 * What the contact form needs only once a visitor sends: the rules (zod), their texts, the
 * outbox's send and focusing the first error. One module loaded by the first send, not with the
 * page (a visitor's first-load budget, scripts/vite-budget.ts).
 */
export { leaveMessageFields } from '#shared/contract/leaving'
export { fieldErrorText } from '#client/components/form/field-error-text'
export { zodFieldErrors } from '#client/components/form/zod-errors'
export { sendOrQueue } from '#client/lib/send-or-queue'
export { focusFirstErrorSoon } from '#client/components/form/focus-first-error'
