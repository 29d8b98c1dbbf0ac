import { Trans } from "../../i18n/use-t.tsx";

/**
 * The line '{event_name} from {event_start_date} to {event_end_date}' of a proceeding card
 * (docs/product/screens.md, Proceedings list), in the page's language; dates as the server gives
 * them (`YYYY-MM-DD`, which reads the same in every language) in `<time>` elements (never broken
 * inside a date), as the dashboard's cards show them.
 */
export function EventLine({
  name,
  start,
  end,
  className = "",
}: {
  name: string;
  start: string;
  end: string;
  className?: string;
}) {
  return (
    <p className={className} data-testid="event-line">
      <Trans
        id="{name} from <0>{start}</0> to <1>{end}</1>"
        values={{ name, start, end }}
        components={{
          0: <time dateTime={start} className="whitespace-nowrap" />,
          1: <time dateTime={end} className="whitespace-nowrap" />,
        }}
      />
    </p>
  );
}
