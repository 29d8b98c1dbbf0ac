/**
 * The line '{event_name} from {event_start_date} to {event_end_date}' of a proceeding card
 * (docs/product/screens.md, Proceedings list), dates as the server gives them (`YYYY-MM-DD`) in `<time>`
 * elements (never broken inside a date), as the dashboard's cards show them.
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
      {name} from{" "}
      <time dateTime={start} className="whitespace-nowrap">
        {start}
      </time>{" "}
      to{" "}
      <time dateTime={end} className="whitespace-nowrap">
        {end}
      </time>
    </p>
  );
}
