/** Name of the cookie that holds the access token in the browser (SPEC §4). No zod here: every page load reads it. */
export const tokenCookieName = 'admin-pro-token'
