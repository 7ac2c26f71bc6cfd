import { Trans, useLingui } from '@lingui/react/macro'
import { useRef } from 'react'
import { supplierApplyFields, type SupplierApplyFields } from '#shared/contract/supplier-forms'
import { textareaMax } from '#shared/contract/fields'
import { contactPhoneMax } from '#shared/contract/contact-phone'
import { FormBuilder } from '#client/components/form/form-builder'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { schemaErrors } from '#client/components/form/form-rules'
import { fieldErrorText } from '#client/components/form/field-error-text'
import { translate } from '#client/lib/i18n'
import { useSupplierApply } from '../api/post-supplier-apply.ts'

export type SentApplication = { Company: string; Contact: string; Phone: string; msg: string }

const empty: FormValues = {
  Company: '',
  Contact: '',
  Phone: '',
  Email: '',
  Products: '',
  Area: [],
  Address: '',
  Message: '',
}
const text = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v : '')

/**
 * The supplier form of `/supplier-apply`, checked with the contract's schema before it is sent
 * (the server checks it again with the same schema and the region data); each refused field says
 * why under itself, in the page language. Every text is given here: the public page loads the
 * site catalog only, not the staff one the form builder's own texts are in.
 */
export function SupplierApplyForm({ onSent }: { onSent: (sent: SentApplication) => void }) {
  const { t } = useLingui()
  const mutation = useSupplierApply()
  /** one key per set of values: a repeat after a lost answer is stored once */
  const sentKey = useRef<{ values: string; key: string } | null>(null)
  const required = translate(fieldErrorText('required'))
  const fields: FieldDef[] = [
    {
      name: 'Company',
      type: 'text',
      label: t`Company`,
      heading: <Trans>Your company</Trans>,
      max: 100,
      autoComplete: 'organization',
      placeholder: t`Registered company name`,
      message: required,
    },
    {
      name: 'Contact',
      type: 'text',
      label: t`Contact person`,
      max: 50,
      autoComplete: 'name',
      message: required,
    },
    {
      name: 'Phone',
      type: 'text',
      inputType: 'tel',
      label: t`Phone`,
      max: contactPhoneMax,
      autoComplete: 'tel',
      placeholder: t`Mobile, 010-12345678 or +44 20 7946 0958`,
      message: required,
    },
    {
      name: 'Email',
      type: 'text',
      inputType: 'email',
      label: t`E-mail`,
      optional: true,
      max: 100,
      autoComplete: 'email',
    },
    {
      name: 'Products',
      type: 'textarea',
      label: t`Products or processes offered`,
      max: textareaMax,
      placeholder: t`e.g. 42CrMo4 round bar, induction hardening, CNC turning`,
      message: required,
    },
    {
      name: 'Area',
      type: 'area',
      label: t`Region`,
      heading: <Trans>Address</Trans>,
      message: translate(fieldErrorText('choose')),
    },
    {
      name: 'Address',
      type: 'text',
      label: t`Street address`,
      optional: true,
      max: 200,
      autoComplete: 'street-address',
    },
    {
      name: 'Message',
      type: 'textarea',
      label: t`Message`,
      optional: true,
      max: textareaMax,
      placeholder: t`Certificates (IATF 16949, ISO 9001), capacity, main customers…`,
    },
  ]

  const send = async (values: FormValues) => {
    const json = JSON.stringify(values)
    if (sentKey.current?.values !== json)
      sentKey.current = { values: json, key: crypto.randomUUID() }
    try {
      const res = await mutation.mutateAsync({
        fields: values as SupplierApplyFields,
        idempotencyKey: sentKey.current.key,
      })
      onSent({
        Company: text(values.Company).trim(),
        Contact: text(values.Contact).trim(),
        Phone: text(values.Phone),
        msg: res.msg,
      })
    } catch (e) {
      if (e instanceof TypeError || !navigator.onLine)
        throw new Error(t`You are offline: please send the form when you are back online`)
      throw e
    }
  }

  return (
    <div className="supplier-apply-form">
      <FormBuilder
        testId="supplier-apply"
        fields={fields}
        initial={empty}
        validate={(v) => schemaErrors(supplierApplyFields, v)}
        invalidText={t`Please correct the marked fields`}
        savedText={false}
        failText={t`The form could not be sent`}
        submitLabel={<Trans>Send the supplier form</Trans>}
        onSubmit={send}
      />
    </div>
  )
}
