/**
 * Class names of form controls, shared by the account pages and the dashboard forms so every
 * field looks, focuses and reports errors the same way. Inputs use a 16 px font so phones do not
 * zoom in on focus.
 */

/** Text inputs, selects and textareas; red border while `aria-invalid`. */
export const controlClass =
  "block w-full rounded-sm border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-400 hover:border-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-700";

/** A field's label. */
export const labelClass = "mb-1 block text-sm font-semibold text-slate-800";

/** Help text under a field. */
export const hintClass = "mt-1 text-sm text-slate-600";

/** A field's error message. */
export const fieldErrorClass = "mt-1 text-sm font-medium text-red-700";
