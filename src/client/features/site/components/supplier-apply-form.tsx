import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Form, Input, TextArea } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import { supplierApplyFields, type SupplierApplyFields } from '#shared/contract/supplier-forms'
import { textareaMax } from '#shared/contract/fields'
import { contactPhoneMax } from '#shared/contract/contact-phone'
import { AreaField } from '#client/components/form/area-field'
import { areaComplete } from '#client/components/form/china-areas'
import { fieldErrorText } from '#client/components/form/field-error-text'
import { useFocusFirstError } from '#client/components/form/focus-first-error'
import { zodFieldErrors } from '#client/components/form/zod-errors'
import { ApiError, errorText } from '#client/lib/http'
import { translate } from '#client/lib/i18n'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { useSupplierApply } from '../api/post-supplier-apply.ts'

type Values = Omit<Required<SupplierApplyFields>, 'Area'> & { Area: string[] }
type TextKey = Exclude<keyof Values, 'Area'>
export type SentApplication = { Company: string; Contact: string; Phone: string; msg: string }

const empty: Values = {
  Company: '',
  Contact: '',
  Phone: '',
  Email: '',
  Products: '',
  Area: [],
  Address: '',
  Message: '',
}

/**
 * The supplier form of `/supplier-apply`, checked with the contract's schema before it is sent
 * (the server checks it again with the same schema and the region data); each refused field says
 * why under itself, in the page language.
 */
export function SupplierApplyForm({ onSent }: { onSent: (sent: SentApplication) => void }) {
  const { t } = useLingui()
  const [values, setValues] = useState<Values>(empty)
  const [errors, setErrors] = useState<Record<string, string>>({})
  /** one key per set of values: a repeat after a lost answer is stored once */
  const [key, setKey] = useState<string | null>(null)
  const mutation = useSupplierApply()
  const { ref, focusErrors } = useFocusFirstError<HTMLDivElement>()
  useUnsavedWork(Object.values(values).some((v) => v.length > 0) && !mutation.isSuccess)

  const change = <K extends keyof Values>(k: K, v: Values[K]) => {
    setKey(null)
    setValues((cur) => ({ ...cur, [k]: v }))
    setErrors((cur) => ({ ...cur, [k]: '' }))
  }
  const set = (k: TextKey) => (v: string) => change(k, v)
  const err = (k: keyof Values) => (errors[k] ? translate(fieldErrorText(errors[k])) : undefined)
  const item = (k: keyof Values) => ({
    description: err(k),
    className: errors[k] ? 'has-error' : '',
  })

  const submit = async () => {
    const parsed = supplierApplyFields.safeParse(values)
    const found = parsed.success ? {} : zodFieldErrors(parsed.error)
    if (!found.Area && !areaComplete(values.Area)) found.Area = 'choose'
    if (Object.keys(found).length > 0) {
      setErrors(found)
      focusErrors()
      Toast.show({ icon: 'fail', content: t`Please correct the marked fields` })
      return
    }
    const idempotencyKey = key ?? crypto.randomUUID()
    setKey(idempotencyKey)
    try {
      const res = await mutation.mutateAsync({ fields: values, idempotencyKey })
      onSent({
        Company: values.Company.trim(),
        Contact: values.Contact.trim(),
        Phone: values.Phone,
        msg: res.msg,
      })
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) {
        setErrors(e.fieldErrors)
        focusErrors()
      }
      const offline = e instanceof TypeError || !navigator.onLine
      Toast.show({
        icon: 'fail',
        content: offline
          ? t`You are offline: please send the form when you are back online`
          : errorText(e, t`The form could not be sent`),
      })
    }
  }

  return (
    <div ref={ref}>
      <Form
        layout="horizontal"
        className="supplier-apply-form"
        onFinish={() => void submit()}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={mutation.isPending}
            data-testid="supplier-apply-send"
          >
            <Trans>Send the supplier form</Trans>
          </Button>
        }
      >
        <Form.Header>
          <Trans>Your company</Trans>
        </Form.Header>
        <Form.Item label={t`Company`} required {...item('Company')}>
          <Input
            aria-label={t`Company`}
            name="Company"
            value={values.Company}
            onChange={set('Company')}
            maxLength={100}
            autoComplete="organization"
            placeholder={t`Registered company name`}
          />
        </Form.Item>
        <Form.Item label={t`Contact person`} required {...item('Contact')}>
          <Input
            aria-label={t`Contact person`}
            name="Contact"
            value={values.Contact}
            onChange={set('Contact')}
            maxLength={50}
            autoComplete="name"
          />
        </Form.Item>
        <Form.Item label={t`Phone`} required {...item('Phone')}>
          <Input
            aria-label={t`Phone`}
            name="Phone"
            value={values.Phone}
            onChange={set('Phone')}
            type="tel"
            inputMode="tel"
            maxLength={contactPhoneMax}
            autoComplete="tel"
            placeholder={t`Mobile, 010-12345678 or +44 20 7946 0958`}
          />
        </Form.Item>
        <Form.Item label={t`E-mail`} {...item('Email')}>
          <Input
            aria-label={t`E-mail`}
            name="Email"
            value={values.Email}
            onChange={set('Email')}
            inputMode="email"
            maxLength={100}
            autoComplete="email"
          />
        </Form.Item>
        <Form.Item
          label={t`Products or processes offered`}
          required
          layout="vertical"
          {...item('Products')}
        >
          <TextArea
            name="Products"
            value={values.Products}
            onChange={set('Products')}
            maxLength={textareaMax}
            showCount
            rows={3}
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t`e.g. 42CrMo4 round bar, induction hardening, CNC turning`}
          />
        </Form.Item>
        <Form.Header>
          <Trans>Address</Trans>
        </Form.Header>
        <Form.Item label={t`Region`} required layout="vertical" {...item('Area')}>
          <AreaField
            id="supplier-area"
            value={values.Area}
            onChange={(codes) => change('Area', codes)}
            disabled={mutation.isPending}
            invalid={Boolean(errors.Area)}
          />
        </Form.Item>
        <Form.Item label={t`Street address`} {...item('Address')}>
          <Input
            aria-label={t`Street address`}
            name="Address"
            value={values.Address}
            onChange={set('Address')}
            maxLength={200}
            autoComplete="street-address"
          />
        </Form.Item>
        <Form.Item label={t`Message`} layout="vertical" {...item('Message')}>
          <TextArea
            name="Message"
            value={values.Message}
            onChange={set('Message')}
            maxLength={textareaMax}
            showCount
            rows={3}
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t`Certificates (IATF 16949, ISO 9001), capacity, main customers…`}
          />
        </Form.Item>
      </Form>
    </div>
  )
}
