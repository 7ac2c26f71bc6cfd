import { Toast } from 'antd-mobile'

/** SPEC §9: every message shows for 3000 ms (antd-mobile's default is 2000). */
export const messageDuration = 3000

// the one place toasts get their duration: every module shows its toasts through this import
Toast.config({ duration: messageDuration })

export { Toast }
