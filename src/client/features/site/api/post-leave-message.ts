import { useMutation } from '@tanstack/react-query'
import type { LeaveMessageFields } from '#shared/contract/leaving'
import { postCall } from '#client/lib/http'

export const leaveMessageKey = ['site', 'leave-message'] as const

/** The variables persist with a paused mutation, so the idempotency key survives reloads. */
export type LeaveMessageVariables = {
  fields: LeaveMessageFields
  idempotencyKey: string
  queuedOffline?: boolean
}

/**
 * A visitor leaves a message: `PostData/PostFrontCommon` with postUrl LeaveMessage.
 * The Idempotency-Key makes a replay after a lost answer apply once.
 */
export async function postLeaveMessage({ fields, idempotencyKey }: LeaveMessageVariables) {
  // the answer's schema loads with the first send, not with the contact page
  const { postFrontCommonResponse } = await import('#shared/contract/leaving')
  return postCall(
    'PostData/PostFrontCommon',
    postFrontCommonResponse,
    { postUrl: 'LeaveMessage', postData: fields },
    { 'Idempotency-Key': idempotencyKey },
  )
}

/** Uses the mutation defaults registered at start-up, so a paused (offline) send resumes after a reload. */
export const useLeaveMessage = () =>
  useMutation<Awaited<ReturnType<typeof postLeaveMessage>>, Error, LeaveMessageVariables>({
    mutationKey: leaveMessageKey,
  })
