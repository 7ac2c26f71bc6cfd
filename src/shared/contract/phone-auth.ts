import { z } from 'zod'
import { envelope } from './envelope.ts'
import { mobile, smsCode } from './fields.ts'

/** SPEC §4 phone-code button: disabled this many seconds after a code is asked for. */
export const smsResendSeconds = 60

/** A mobile number of SPEC §5: 11 digits starting with 1. */
export const mobileNumber = mobile
export { smsCode }

/** `POST {API_PREFIX}/User/SendSmsCode`: a code for signing in or for signing up. */
export const sendSmsCodeBody = z.object({
  mobile: mobileNumber,
  purpose: z.enum(['login', 'register'], { message: 'choose' }),
})
/**
 * What a code is for: signing in, signing up, or (signed in, `User/SendMobileChangeCode`)
 * proving a new mobile number on my profile.
 */
export type SmsPurpose = z.infer<typeof sendSmsCodeBody>['purpose'] | 'changeMobile'

/** `POST {API_PREFIX}/User/SendMobileChangeCode` (signed in): a code to the new number of my profile. */
export const sendMobileChangeCodeBody = z.object({ mobile: mobileNumber })
/** How long until another code may be asked for this number. */
export const sendSmsCodeResponse = envelope(z.object({ resendSeconds: z.number().int() }))

/** `POST {API_PREFIX}/User/PhoneLogin`: sign in with a mobile number and the code sent to it. */
export const phoneLoginBody = z.object({ mobile: mobileNumber, code: smsCode })

/**
 * `GET {API_PREFIX}/User/SignUpOptions`: what the sign-in page may offer on this site.
 * `phone`: phone codes work (SMS_SENDER or SMS_TEST_CODE set); `registration`: sign-up is open
 * (REGISTRATION) and phone codes work (sign-up proves a mobile number); `wechat`: WeChat sign-in
 * is configured (WECHAT_APP_ID and WECHAT_APP_SECRET) or its stand-in is on (WECHAT_STANDIN).
 */
export const signUpOptionsResponse = envelope(
  z.object({ registration: z.boolean(), phone: z.boolean(), wechat: z.boolean() }),
)
