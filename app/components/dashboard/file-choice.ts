/**
 * What the dashboard's file fields (image, PDF, JATS XML) share: the look of their file input,
 * and the check of the chosen file in the browser before the server checks its content again.
 */
import { useState } from "react";
import { controlClass } from "../forms/styles.ts";

/** A file input in the forms' control look, its 'Choose file' button tinted. */
export const fileInputClass = `${controlClass} min-w-0 file:me-3 file:rounded-sm file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800`;

/**
 * The check of a file input's first file. `choose(event)` (the input's change) gives the file
 * when `problemOf` finds nothing wrong with it, else null: `problem` then holds the message and
 * the input is emptied, so the refused file is not sent with the form. Clearing the input gives
 * null and no problem.
 */
export function useCheckedFile(problemOf: (file: File) => string | null) {
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (event: React.ChangeEvent<HTMLInputElement>): File | null => {
    const file = event.target.files?.[0] ?? null;
    const why = file ? problemOf(file) : null;
    setProblem(why);
    if (why) event.target.value = "";
    return file && !why ? file : null;
  };
  return { problem, choose };
}
