/**
 * The Publication Year select (docs/product/screens.md and docs/product/validation.md): the current year and the 50 years before,
 * newest first, 51 entries (`yearChoices`). Other props go to the `<select>`, so
 * react-hook-form's `register("year")` spreads in.
 */
import type { ComponentProps } from "react";
import { yearChoices } from "../../../shared/constants.ts";
import { SelectField } from "./field.tsx";

type Props = Omit<ComponentProps<typeof SelectField>, "children"> & { placeholder?: string };

export function YearSelect({ placeholder = "-- Select --", ...props }: Props) {
  return (
    <SelectField {...props}>
      <option value="">{placeholder}</option>
      {yearChoices().map((year) => (
        <option key={year} value={year}>
          {year}
        </option>
      ))}
    </SelectField>
  );
}
