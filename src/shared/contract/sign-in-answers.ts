import { orFailure } from './envelope.ts'
import { sendSmsCodeResponse } from './phone-auth.ts'
import { loginResponse, refreshResponse } from './sign-in.ts'
import { wxLoginResponse } from './wechat.ts'

/*
 * What the public sign-in calls answer with HTTP 200 (SPEC §8): their result, or the error
 * envelope of a business failure (`data: null`): a wrong password or SMS code (code 500), an
 * expired WeChat ticket (500), a refresh token that no longer works (10002), SMS or WeChat not
 * set up (500). The routes declare these; the client parses the plain answers (its failures are
 * handled by code before parsing) and never loads this file.
 */

/** `User/Login`, `User/PhoneLogin`, `User/ChooseWxLogin`, `User/WxBind`. */
export const loginAnswer = orFailure(loginResponse)

/** `User/RefreshToken` (GET and POST). */
export const refreshAnswer = orFailure(refreshResponse)

/** `User/WxLogin` and `/socialLogin`. */
export const wxLoginAnswer = orFailure(wxLoginResponse)

/** `User/SendSmsCode` and `User/SendMobileChangeCode` (SMS not set up). */
export const sendSmsCodeAnswer = orFailure(sendSmsCodeResponse)
