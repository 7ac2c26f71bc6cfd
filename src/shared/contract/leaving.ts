import { z } from 'zod'
import { envelope } from './envelope.ts'
import { optionalEmail, optionalText, phone, requiredText, textareaMax } from './fields.ts'

/** A visitor's message from the contact page. */
export const leaveMessageFields = z.object({
  Name: requiredText(50),
  Phone: phone,
  Email: optionalEmail,
  Company: optionalText(100),
  Message: requiredText(textareaMax),
})
export type LeaveMessageFields = z.input<typeof leaveMessageFields>

/** `POST {API_PREFIX}/PostData/PostFrontCommon` (SPEC §7): operations open to visitors. */
export const postFrontCommonBody = z.object({
  postUrl: z.literal('LeaveMessage'),
  postData: leaveMessageFields,
})

export const postFrontCommonResponse = envelope(z.object({ Id: z.number().int() }))
