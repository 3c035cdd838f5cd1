import { FormField } from '~/components/ui/form-field'

/** The 'Order' of a record among its kind on the site (lib/display-order.ts): empty puts it last. */
export function OrderField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <FormField
      label="Order"
      name="position"
      optional
      inputMode="numeric"
      autoComplete="off"
      controlClassName="w-28"
      hint="Lower numbers come first on the site. Leave empty to put it at the end."
      defaultValue={defaultValue}
      error={error}
    />
  )
}
