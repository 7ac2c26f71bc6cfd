/** Who the WeChat provider says signed in: its stable id for the user and the display name. */
export type WechatIdentity = { openId: string; nickName: string }
