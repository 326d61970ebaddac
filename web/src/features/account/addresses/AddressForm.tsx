import { Button, chakra, Field, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useId, useState, type FormEvent } from "react";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import type { MailingAddressInput, SavedAddressFragment, ShippingCountryRuleFragment } from "../../../gql/graphql";
import { FormProblem } from "../../auth/FormProblem";
import { TextField } from "../../auth/TextField";
import type { AddressOutcome } from "./useAddressMutations";

type Values = Required<{ [K in keyof MailingAddressInput]: string }>;
type FieldErrors = Partial<Record<keyof MailingAddressInput, string>>;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function initialValues(address: SavedAddressFragment | null, countries: readonly ShippingCountryRuleFragment[]): Values {
  return {
    name: address?.name ?? "",
    address1: address?.address1 ?? "",
    address2: address?.address2 ?? "",
    city: address?.city ?? "",
    provinceCode: address?.provinceCode ?? "",
    postalCode: address?.postalCode ?? "",
    countryCode: address?.countryCode ?? countries[0]?.code ?? "",
    phone: address?.phone ?? "",
  };
}

interface AddressFormProps {
  /** The address to change; null for a new one. */
  address: SavedAddressFragment | null;
  countries: readonly ShippingCountryRuleFragment[];
  saving: boolean;
  onSave(address: MailingAddressInput, setAsDefault: boolean): Promise<AddressOutcome>;
  onDone(): void;
}

/**
 * The checkout form's address fields (the state or province listed for the chosen country, its
 * postal code's name and example): the gateway checks them, with the checkout's own rules, and its
 * messages are shown at their fields.
 */
export function AddressForm({ address, countries, saving, onSave, onDone }: AddressFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(address, countries));
  const [setAsDefault, setSetAsDefault] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const provinceId = useId();
  const countryId = useId();
  const country = countries.find((c) => c.code === values.countryCode) ?? null;
  const provinceLabel = country?.subdivisionLabel ? capitalized(country.subdivisionLabel) : null;

  const change = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === "countryCode" ? { provinceCode: "" } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const outcome = await onSave({ ...values, provinceCode: values.provinceCode || null }, setAsDefault);
    if (outcome.ok) return onDone();
    setErrors(outcome.fieldErrors);
    setProblem(outcome.message);
  };

  const text = (field: keyof Values, label: string, autoComplete: string, extra: { helperText?: string; type?: string; inputMode?: "tel" } = {}) => (
    <TextField label={label} name={field} autoComplete={autoComplete} value={values[field]} onValueChange={(v) => change(field, v)} error={errors[field]} {...extra} />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={address ? "Edit address" : "Add an address"}>
      <Stack gap="4">
        <FormProblem message={problem} />
        <Heading as="h3" size="sm">
          {address ? "Edit address" : "New address"}
        </Heading>
        {text("name", "Full name", "name")}
        {text("address1", "Address", "address-line1")}
        {text("address2", "Address line 2 (optional)", "address-line2")}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(errors.countryCode)}>
            <Field.Label htmlFor={countryId}>Country</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field id={countryId} name="countryCode" autoComplete="country" value={values.countryCode} onChange={(e) => change("countryCode", e.currentTarget.value)}>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.countryCode && <Field.ErrorText>{errors.countryCode}</Field.ErrorText>}
          </Field.Root>
          {country && provinceLabel && country.subdivisions.length > 0 ? (
            <Field.Root invalid={Boolean(errors.provinceCode)}>
              <Field.Label htmlFor={provinceId}>{provinceLabel}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field id={provinceId} name="provinceCode" autoComplete="address-level1" value={values.provinceCode} onChange={(e) => change("provinceCode", e.currentTarget.value)}>
                  <option value="">Choose…</option>
                  {country.subdivisions.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.provinceCode && <Field.ErrorText>{errors.provinceCode}</Field.ErrorText>}
            </Field.Root>
          ) : (
            errors.provinceCode && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errors.provinceCode}
              </Text>
            )
          )}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {text("city", "City", "address-level2")}
          {text("postalCode", country ? capitalized(country.postalCodeLabel) : "Postal code", "postal-code", {
            helperText: country?.postalCodeExample ? `For example ${country.postalCodeExample}` : undefined,
          })}
        </SimpleGrid>
        {text("phone", "Phone (optional, for the courier)", "tel", { type: "tel", inputMode: "tel" })}
        {!address?.isDefault && (
          <HStack as="label" gap="2" cursor="pointer" alignSelf="start">
            <chakra.input type="checkbox" name="setAsDefault" boxSize="4" accentColor="brand.solid" checked={setAsDefault} onChange={(e) => setSetAsDefault(e.target.checked)} />
            <Text as="span" fontSize="sm">
              Make this my default address
            </Text>
          </HStack>
        )}
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" loading={saving}>
            {address ? "Save changes" : "Save address"}
          </Button>
          <Button variant="outline" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
