/**
 * The licence select of the journal and paper forms (issue 16, decisions 257 and 251): 'No
 * licence', the Creative Commons 4.0 suite and CC0 (`LICENCE_CHOICES` of shared/licences.ts),
 * and the value stored now when it is none of these (another CC version or port, or an imported
 * publisher's licence page), so editing never changes a licence nobody touched. Options are
 * the canonical URLs `license_url` takes; other props go to the `<select>`. A licence's label and
 * name are Creative Commons' own (a code and a proper name), not translated.
 */
import { LICENCE_CHOICES, licenceName, parseLicenceUrl } from "../../../shared/licences.ts";
import { useT } from "../../i18n/use-t.tsx";
import { SelectField, type SelectFieldProps } from "../forms/field.tsx";

export function LicenceSelect({
  stored,
  ...select
}: Omit<SelectFieldProps, "children"> & {
  /** The licence stored now (`""`: none), offered even when it is not one of the choices. */
  stored: string;
}) {
  const t = useT();
  const other = stored && !LICENCE_CHOICES.some((l) => l.url === stored) ? stored : "";
  return (
    <SelectField {...select}>
      <option value="">{t("No licence")}</option>
      {LICENCE_CHOICES.map((licence) => (
        <option key={licence.url} value={licence.url}>
          {licence.label} ({licenceName(licence, t)})
        </option>
      ))}
      {other ? <option value={other}>{parseLicenceUrl(other)?.label ?? other}</option> : null}
    </SelectField>
  );
}
