import { http } from 'msw'
import { Code } from '#shared/contract/codes'
import { loginResponse } from '#shared/contract/auth'
import {
  phoneLoginBody,
  sendMobileChangeCodeBody,
  sendSmsCodeBody,
  sendSmsCodeResponse,
  signUpOptionsResponse,
  smsResendSeconds,
} from '#shared/contract/phone-auth'
import { accountByName } from '../accounts.ts'
import { bodyOf, fail, ok, say } from '../reply.ts'

/** SPEC §5 fixed test code of the mock mode (the real server takes it only with SMS_TEST_CODE). */
export const mockSmsCode = '123456'

/** Phone codes, phone sign-in (as the `test` account) and the sign-up switch, in mock mode. */
export function phoneAuthHandlers(base: string) {
  return [
    // the mock takes its fixed phone code and has a WeChat stand-in (auth.ts)
    http.get(`${base}/User/SignUpOptions`, () =>
      ok(signUpOptionsResponse, { registration: true, phone: true, wechat: true }),
    ),
    http.post(`${base}/User/SendSmsCode`, async ({ request }) =>
      (await bodyOf(request, sendSmsCodeBody))
        ? ok(
            sendSmsCodeResponse,
            { resendSeconds: smsResendSeconds },
            say(request, '验证码已发送', 'The verification code has been sent'),
          )
        : fail(Code.badRequest, say(request, '输入有误', 'Invalid input')),
    ),
    // the code for a new number of my profile; the mock profile save does not check it
    http.post(`${base}/User/SendMobileChangeCode`, async ({ request }) =>
      (await bodyOf(request, sendMobileChangeCodeBody))
        ? ok(
            sendSmsCodeResponse,
            { resendSeconds: smsResendSeconds },
            say(request, '验证码已发送', 'The verification code has been sent'),
          )
        : fail(Code.badRequest, say(request, '输入有误', 'Invalid input')),
    ),
    http.post(`${base}/User/PhoneLogin`, async ({ request }) => {
      const body = await bodyOf(request, phoneLoginBody)
      const account = accountByName('test')
      if (!body || body.code !== mockSmsCode || !account)
        return fail(Code.failed, say(request, '验证码错误', 'Verification code wrong'))
      return ok(loginResponse, { Token: account.Token, RefreshToken: account.RefreshToken })
    }),
  ]
}
