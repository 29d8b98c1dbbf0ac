/**
 * A one-time success message carried to the next screen in the history entry's state: a form
 * that goes back to its list on success (Create proceeding → /dashboard/proceedings) passes the
 * server's msg with `navigate(to, { state: flashState(msg) })`, and the list shows it once with
 * {@link FlashMessage}. The state is cleared at once (the message stays on screen), so a reload
 * or a later visit to that history entry does not repeat it. The message is put into a live
 * region already on the new screen, after it renders, so a screen reader announces it (issue 34).
 */
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { FormSuccess, LiveMessages } from "../forms/index.ts";

type FlashState = { flash?: unknown };

/** The navigation state that carries `message`. */
export function flashState(message: string): FlashState {
  return { flash: message };
}

export function FlashMessage({ className = "mb-6" }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state as FlashState | null)?.flash;
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (typeof carried !== "string") return;
    setMessage(carried);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [carried, location.pathname, location.search, navigate]);

  return (
    <LiveMessages className={className}>
      <FormSuccess message={message} />
    </LiveMessages>
  );
}
