/**
 * The Publication Year select (docs/product/screens.md and docs/product/validation.md): the current year and the 50 years before,
 * newest first, 51 entries (`yearChoices`). Other props go to the `<select>`, so
 * react-hook-form's `register("year")` spreads in. A year is a label, written as it is (decision
 * 382); the placeholder is translated.
 */
import type { ComponentProps } from "react";
import { yearChoices } from "../../../shared/constants.ts";
import { useT } from "../../i18n/use-t.tsx";
import { SelectField } from "./field.tsx";

type Props = Omit<ComponentProps<typeof SelectField>, "children"> & { placeholder?: string };

export function YearSelect({ placeholder, ...props }: Props) {
  const t = useT();
  return (
    <SelectField {...props}>
      <option value="">{placeholder ?? t("-- Select --")}</option>
      {yearChoices().map((year) => (
        <option key={year} value={year}>
          {year}
        </option>
      ))}
    </SelectField>
  );
}
