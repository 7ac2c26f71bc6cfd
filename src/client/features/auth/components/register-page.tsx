import { Trans, useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Link, useNavigate } from '@tanstack/react-router'
import { Button, ErrorBlock, Form, Input, SpinLoading } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { newPasswordMin } from '#shared/contract/sign-in'
import { useSignUpOptions } from '../api/get-sign-up-options.ts'
import { useRegister, type RegisterInput } from '../api/post-register.ts'
import { PhoneFields } from './phone-fields.tsx'
import { AuthCard } from './auth-card.tsx'
import { useFocusFirstError } from '#client/components/form/focus-first-error'
import './auth.css'

type Values = RegisterInput & { confirm: string }

/**
 * `/register`: login name, password and confirmation, a mobile number proven by a code. The new
 * account has no role until an administrator assigns one. With REGISTRATION=false the page
 * says sign-up is closed.
 */
export function RegisterPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [form] = Form.useForm()
  const options = useSignUpOptions()
  const register = useRegister()
  const { ref, focusErrors } = useFocusFirstError<HTMLDivElement>()
  const onFinish = async (v: Values) => {
    try {
      const message = await register.mutateAsync({
        username: v.username.trim(),
        password: v.password,
        mobile: v.mobile.trim(),
        code: v.code.trim(),
      })
      Toast.show({ icon: 'success', content: message, duration: 3000 })
      await navigate({ to: '/login', replace: true })
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, String(e)) })
    }
  }
  const closed = options.data?.registration === false
  return (
    <AuthCard title={<Trans>Create an account</Trans>} testId="register-page">
      {options.isPending ? (
        <div className="auth-center">
          <SpinLoading />
        </div>
      ) : closed ? (
        <ErrorBlock
          status="disconnected"
          title={<Trans>Registration is closed</Trans>}
          description={<Trans>Ask an administrator for an account.</Trans>}
          data-testid="register-closed"
        />
      ) : (
        <div ref={ref}>
          <p className="auth-note">
            <Trans>
              After signing up, an administrator assigns your role before you can use the
              back-office.
            </Trans>
          </p>
          <Form
            form={form}
            layout="vertical"
            onFinish={(v: Values) => void onFinish(v)}
            onFinishFailed={focusErrors}
            footer={
              <Button
                block
                type="submit"
                color="primary"
                size="large"
                loading={register.isPending}
                data-testid="register-submit"
              >
                <Trans>Sign up</Trans>
              </Button>
            }
          >
            <Form.Item
              name="username"
              label={t`User name`}
              rules={[
                { required: true, whitespace: true, message: t`User name cannot be empty` },
                {
                  pattern: /^\s*[A-Za-z0-9_.\-\u4e00-\u9fa5]{3,32}\s*$/,
                  message: t`The user name has 3-32 letters, digits, Chinese characters or _ . -`,
                },
              ]}
            >
              <Input autoComplete="username" placeholder={t`User name`} clearable />
            </Form.Item>
            <Form.Item
              name="password"
              label={t`Password`}
              rules={[
                {
                  required: true,
                  min: newPasswordMin,
                  message: t`The password must have at least 8 characters`,
                },
              ]}
            >
              <Input type="password" autoComplete="new-password" placeholder={t`Password`} />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t`Confirm password`}
              dependencies={['password']}
              rules={[
                { required: true, message: t`Please enter the password again` },
                {
                  validator: (_, value) =>
                    value === form.getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t`The two passwords do not match`)),
                },
              ]}
            >
              <Input
                type="password"
                autoComplete="new-password"
                placeholder={t`Confirm password`}
              />
            </Form.Item>
            <PhoneFields form={form} purpose="register" />
          </Form>
        </div>
      )}
      <Link to="/login" className="auth-alt">
        <Trans>Already have an account? Sign in</Trans>
      </Link>
    </AuthCard>
  )
}
