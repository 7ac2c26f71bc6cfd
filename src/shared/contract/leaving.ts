import * as z from 'zod/mini'
import { envelope } from './mini-envelope.ts'
import { emailPattern, textareaMax } from './field-rules.ts'
import { contactPhoneMax, contactPhoneProblem } from './contact-phone.ts'

// the SPEC §5 rules of fields.ts in `zod/mini`: this contract is parsed on a visitor's page, so
// it sticks to the checks the public contract (content.ts) already loads, plus `refine`
const filled = z.refine<string>((v) => v !== '', 'required')
const requiredText = (max: number) =>
  z.string({ error: 'required' }).check(z.trim(), filled, z.maxLength(max, 'tooLong'))
const optionalText = (max: number) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, 'tooLong')), '')
/** optional here: a visitor leaves a phone number or an e-mail address */
const phone = z._default(
  z.string().check(
    z.trim(),
    z.maxLength(contactPhoneMax, 'tooLong'),
    // the code of the real problem (contact-phone.ts) as the message
    z.refine((v) => v === '' || !contactPhoneProblem(v), {
      error: (issue) => contactPhoneProblem(String(issue.input)),
    }),
  ),
  '',
)
const optionalEmail = z._default(
  z.string().check(
    z.trim(),
    z.maxLength(100, 'tooLong'),
    z.refine((v) => v === '' || emailPattern.test(v), 'email'),
  ),
  '',
)

/** A visitor's message from the contact page: a phone number or an e-mail address is required. */
export const leaveMessageFields = z
  .object({
    Name: requiredText(50),
    Phone: phone,
    Email: optionalEmail,
    Company: optionalText(100),
    Message: requiredText(textareaMax),
  })
  .check(
    z.refine((v) => v.Phone !== '' || v.Email !== '', { message: 'phoneOrEmail', path: ['Phone'] }),
  )
export type LeaveMessageFields = z.input<typeof leaveMessageFields>

/**
 * `POST {API_PREFIX}/PostData/PostFrontCommon` (SPEC §7): operations open to visitors. Pure: the
 * client only reads the answer, so its bundle drops this schema.
 */
export const postFrontCommonBody = /* @__PURE__ */ z.object({
  postUrl: z.enum(['LeaveMessage']),
  postData: leaveMessageFields,
})

export const postFrontCommonResponse = envelope(z.object({ Id: z.int() }))
