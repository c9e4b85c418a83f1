import { Controller, type Control, type UseFormSetValue } from 'react-hook-form';
import { joinCarriers, splitCarriers } from '../../../../domain/unlock-fields';
import { MODELS_FAILED_MESSAGE, PICKER_EMPTY_TEXT } from '../../../../domain/unlock-panel';
import type { UnlockCatalog } from '../hooks/use-unlock-catalog';
import { PickerField } from './picker-field';
import { FIELD_ID, type UnlockPanelValues } from './unlock-panel-form';

interface DeviceFieldsProps {
  readonly control: Control<UnlockPanelValues, unknown, unknown>;
  readonly setValue: UseFormSetValue<UnlockPanelValues>;
  readonly catalog: UnlockCatalog;
  /** The chosen country and carriers, as the form holds them. */
  readonly country: string;
  readonly carrier: string;
  /** After a first submit, a change is validated at once. */
  readonly revalidate: boolean;
}

/**
 * Country, carrier, brand and model (spec section 2): a new country keeps only the carriers it
 * offers, a new brand clears the model, and the model is asked only for Apple and Samsung Galaxy.
 */
export function DeviceFields({ control, setValue, catalog, country, carrier, revalidate }: DeviceFieldsProps) {
  return (
    <>
      <div className="grid gap-3.5 @xs:grid-cols-2 @xs:gap-3">
        <Controller
          control={control}
          name="country"
          render={({ field, fieldState }) => (
            <PickerField
              id={FIELD_ID.country}
              ref={field.ref}
              label="Country"
              required
              options={catalog.countryOptions}
              loading={catalog.countriesLoading}
              selected={field.value ? [field.value] : []}
              display={catalog.countryName}
              placeholder="Select country"
              searchPlaceholder="Search countries"
              emptyText={PICKER_EMPTY_TEXT.countries}
              onBlur={field.onBlur}
              onSelect={(code) => {
                field.onChange(code);
                const offered = catalog.carrierSlugsFor(code);
                const kept = splitCarriers(carrier).filter((slug) => offered.has(slug));
                setValue('carrier', joinCarriers(kept), { shouldDirty: true, shouldValidate: revalidate });
              }}
              error={fieldState.error?.message}
            />
          )}
        />

        <Controller
          control={control}
          name="carrier"
          render={({ field, fieldState }) => {
            const slugs = splitCarriers(field.value);
            return (
              <PickerField
                id={FIELD_ID.carrier}
                ref={field.ref}
                label="Carrier"
                required
                multiple
                options={catalog.carrierOptions}
                loading={catalog.carriersLoading}
                selected={slugs}
                display={catalog.carrierDisplay}
                placeholder="Select carrier"
                disabled={!country}
                searchPlaceholder="Search carriers"
                emptyText={PICKER_EMPTY_TEXT.carriers}
                onBlur={field.onBlur}
                onSelect={(slug) =>
                  field.onChange(
                    joinCarriers(slugs.includes(slug) ? slugs.filter((chosen) => chosen !== slug) : [...slugs, slug]),
                  )
                }
                error={fieldState.error?.message}
              />
            );
          }}
        />
      </div>

      <div className="grid gap-3.5 @xs:grid-cols-2 @xs:gap-3">
        <Controller
          control={control}
          name="brand"
          render={({ field, fieldState }) => (
            <PickerField
              id={FIELD_ID.brand}
              ref={field.ref}
              className={catalog.modelBrand ? undefined : '@xs:col-span-2'}
              label="Brand"
              required
              allowCustom
              options={catalog.brandOptions}
              loading={catalog.brandsLoading}
              selected={field.value ? [field.value] : []}
              display={field.value || null}
              placeholder="Select brand"
              searchPlaceholder="Search brands"
              emptyText={PICKER_EMPTY_TEXT.brands}
              onBlur={field.onBlur}
              onSelect={(chosen) => {
                if (chosen !== field.value) setValue('model', '');
                field.onChange(chosen);
              }}
              error={fieldState.error?.message}
            />
          )}
        />

        {catalog.modelBrand ? (
          <Controller
            control={control}
            name="model"
            render={({ field, fieldState }) => (
              <PickerField
                id={FIELD_ID.model}
                ref={field.ref}
                label="Model"
                required
                allowCustom
                options={catalog.modelOptions}
                loading={catalog.modelsLoading}
                selected={field.value ? [field.value] : []}
                display={field.value || null}
                placeholder="Select model"
                searchPlaceholder="Search models"
                emptyText={PICKER_EMPTY_TEXT.models}
                note={
                  catalog.modelsError
                    ? `${catalog.modelsError.message || MODELS_FAILED_MESSAGE}. You can still type your model and press Enter.`
                    : undefined
                }
                onBlur={field.onBlur}
                onSelect={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
      </div>
    </>
  );
}
