import { z } from "zod";
import { MESSAGES } from "../../shared/constants.ts";
import { AccountPanel } from "../components/account/account-panel.tsx";
import { EmailField, FormFooter, FormSuccess } from "../components/forms/index.ts";
import { useAccountForm } from "../components/forms/use-account-form.ts";
import { Link } from "../components/ui/link.tsx";
import { textLinkClass } from "../components/ui/styles.ts";
import { apiPost, errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/forgot-password";

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email address.")
    .pipe(z.email("Please enter a valid email address.")),
});
type Values = z.output<typeof schema>;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const values = (await request.json()) as Values;
  try {
    const { msg } = await apiPost("/forgot_password", values, MESSAGES.somethingWentWrong, {
      signal: request.signal,
    });
    return { ok: true as const, msg };
  } catch (error) {
    return { ok: false as const, error: errorMessage(error, MESSAGES.somethingWentWrong) };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, "Reset your password", "Ask for a link to choose a new password."),
    { name: "robots", content: "noindex" },
  ];
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { field, busy, serverError, onSubmit } = useAccountForm({
    schema,
    defaultValues: { email: "" },
    answer: actionData,
  });

  return (
    <AccountPanel
      title="Reset your password"
      lead="Enter the email address of your manager account. We will send it a link to choose a new password."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/manager" className={textLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      {actionData?.ok ? (
        <FormSuccess message="Check your email">
          <p className="mt-1">{actionData.msg}</p>
        </FormSuccess>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
          <EmailField label="Email" autoComplete="username" required {...field("email")} />
          <FormFooter
            busy={busy}
            label="Send reset link"
            busyLabel="Sending..."
            error={serverError}
            buttonClassName="w-full"
          />
        </form>
      )}
    </AccountPanel>
  );
}
