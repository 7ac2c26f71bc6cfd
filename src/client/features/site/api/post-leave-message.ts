import { useMutation } from '@tanstack/react-query'
import { postFrontCommonResponse, type LeaveMessageFields } from '#shared/contract/leaving'
import { postCall } from '#client/lib/http'

/** A visitor leaves a message: `PostData/PostFrontCommon` with postUrl LeaveMessage. */
export async function postLeaveMessage(fields: LeaveMessageFields) {
  return postCall('PostData/PostFrontCommon', postFrontCommonResponse, {
    postUrl: 'LeaveMessage',
    postData: fields,
  })
}

export const useLeaveMessage = () => useMutation({ mutationKey: ['site', 'leave-message'], mutationFn: postLeaveMessage })
